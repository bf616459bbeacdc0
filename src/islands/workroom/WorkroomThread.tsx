import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useStickToBottom } from '../shared/use-stick-to-bottom';
import { Dialog } from '../../components/Dialog';
import { FilePreview } from '../../components/FilePreview';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Icon } from '../../components/Icon';
import { api, ApiError } from '../../lib/api';
import { TYPING_CLEAR_MS, TYPING_WHISPER_INTERVAL_MS } from '../../lib/constants';
import { formatDate, timeFromNow } from '../../lib/format/dates';
import { onReconnect, realtime } from '../../lib/realtime-client';
import { $onlineUserIds, setUnreadWorkrooms } from '../../lib/stores/realtime';
import { toast } from '../../lib/stores/toasts';
import { waitForUploads } from '../../lib/rules/uploads';
import { truncateFileName } from '../../lib/format/files';
import type { FilePayload } from '../../lib/types';
import AudioPlayer from '../audio-player/LazyAudioPlayer';
import RichTextEditor from '../editor/LazyRichTextEditor';
import Uploader, { type UploaderHandle } from '../uploader/LazyUploader';
import { canReviewMessage, mergeMessages, typingText, type WorkroomDiscussion, type WorkroomMessage } from '../../lib/workroom-types';

interface Props {
  discussion: WorkroomDiscussion;
  messages: WorkroomMessage[];
  hasMore: boolean;
  me: { id: number; type: 'BRAND' | 'PODCASTER' | 'ADMIN'; name: string };
  /** The podcaster's jobs in this package workroom that can take an ad for review. */
  deliverableJobs?: { id: number; description: string; delivery_date: string | null; has_reject_deliverable: boolean }[];
}

/** What the composer's uploader accepts: documents, audio and images. */
const ATTACHMENT_TYPES = ['pdf', 'mp3', 'mp4', 'm4a', 'wav', 'png', 'jpeg'] as const;
/** A deliverable is the ad's audio. */
const AD_AUDIO_TYPES = ['mp3', 'm4a', 'wav', 'mp4'] as const;

const TYPE_LABEL: Record<string, string> = {
  'proposal-details': 'Proposal details',
  'ad-automatically-detected': 'Ad detected automatically',
  'ad-manually-detected': 'Ad marked as published',
  'ad-review': 'Ad for review',
};
const STATUS_LABEL = { pending: 'Waiting for review', accepted: 'Approved', rejected: 'Changes requested' } as const;

/** True when the editor holds nothing visible (an empty paragraph). */
function isBlankEditorHtml(html: string): boolean {
  return !/<img\b/i.test(html) && html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '') === '';
}

function displayName(m: WorkroomMessage['user']): string {
  if (!m) return 'Cuepoint';
  return m.type === 'BRAND' && m.brand_name ? `${m.full_name} · ${m.brand_name}` : m.full_name;
}

/** The workroom thread: messages, files, deliverables, editing, 'seen by', online dots and the typing indicator, live. */
export default function WorkroomThread({ discussion, messages: initial, hasMore: initialHasMore, me, deliverableJobs = [] }: Props) {
  const [messages, setMessages] = useState(initial);
  const [hasMore, setHasMore] = useState(initialHasMore);
  // The composer: the editor's HTML (remounted through its key after a send) and the uploaded attachments.
  const [editorKey, setEditorKey] = useState(0);
  const [files, setFiles] = useState<FilePayload[]>([]);
  const [attaching, setAttaching] = useState(false);
  const uploaderRef = useRef<UploaderHandle>(null);
  const uploadsBusy = useRef({ uploader: false, inline: false });
  const [jobs, setJobs] = useState(deliverableJobs);
  const [submitOpen, setSubmitOpen] = useState(false);
  const [adJob, setAdJob] = useState<number | null>(deliverableJobs[0]?.id ?? null);
  const [adFiles, setAdFiles] = useState<FilePayload[]>([]);
  const [adUploading, setAdUploading] = useState(false);
  const [adNote, setAdNote] = useState('');
  const [adError, setAdError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [typing, setTyping] = useState<Record<number, string>>({});
  const [present, setPresent] = useState<number[]>([]);
  const [editing, setEditing] = useState<{ id: number; text: string } | null>(null);
  const textRef = useRef('');
  const [review, setReview] = useState<{ message: WorkroomMessage; decision: 'approved' | 'rejected' } | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const onlineIds = useStore($onlineUserIds);
  const lastWhisper = useRef(0);
  const typingTimers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const whisperRef = useRef<((payload: Record<string, unknown>) => void) | null>(null);
  const latestId = useRef(initial.at(-1)?.id ?? 0);
  const others = discussion.users.filter((u) => u.id !== me.id);

  useEffect(() => {
    latestId.current = messages.at(-1)?.id ?? latestId.current;
  }, [messages]);

  // The newest message stays in view unless the reader scrolled up to read earlier ones.
  const { scrollerRef, contentRef, scrollToEnd, newBelow, jumpToEnd } = useStickToBottom<HTMLDivElement, HTMLOListElement>();

  const markViewed = useCallback(() => {
    if (document.visibilityState !== 'visible') return;
    void api<{ data: { unread_workrooms: number } }>(`/api/discussions/${discussion.id}/messages-view`, { method: 'POST', body: {} })
      .then((res) => setUnreadWorkrooms(res.data.unread_workrooms))
      .catch(() => undefined);
  }, [discussion.id]);

  /** Fetches every message after the newest one shown: what a dropped connection missed. */
  const catchUp = useCallback(async () => {
    const res = await api<{ data: WorkroomMessage[] }>(`/api/discussions/${discussion.id}/messages`, { query: { after: latestId.current } });
    if (res.data.length) {
      setMessages((cur) => mergeMessages(cur, res.data));
      scrollToEnd();
      markViewed();
    }
  }, [discussion.id, markViewed, scrollToEnd]);

  useEffect(() => {
    scrollToEnd(true);
    markViewed();
    const onVisible = () => markViewed();
    const onOnline = () => void catchUp().catch(() => undefined);
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('online', onOnline);
    const offReconnect = onReconnect(() => void catchUp().catch(() => undefined));
    let stopped = false;
    const timers = typingTimers.current;
    void realtime()
      .then((echo) => {
        if (stopped) return;
        echo
          .private(`workrooms.${discussion.id}`)
          .listen('.message.created', (m: WorkroomMessage) => {
            setMessages((cur) => mergeMessages(cur, [m]));
            if (m.user_id !== null) {
              // Their message ends their typing.
              setTyping(({ [m.user_id!]: _gone, ...rest }) => rest);
            }
            scrollToEnd(m.user_id === me.id);
            if (m.user_id !== me.id) markViewed();
          })
          .listen('.message.updated', (m: WorkroomMessage) => setMessages((cur) => mergeMessages(cur, [m])))
          .listen('.message.viewed', (e: { user_id: number; message_ids: number[] }) =>
            setMessages((cur) =>
              cur.map((m) =>
                e.message_ids.includes(m.id) && !m.views.some((v) => v.user_id === e.user_id)
                  ? { ...m, views: [...m.views, { user_id: e.user_id, views: 1 }] }
                  : m,
              ),
            ),
          );
        const presence = echo
          .join(`workrooms.${discussion.id}`)
          .here((members: { id: number }[]) => setPresent(members.map((m) => Number(m.id))))
          .joining((m: { id: number }) => setPresent((cur) => [...new Set([...cur, Number(m.id)])]))
          .leaving((m: { id: number }) => setPresent((cur) => cur.filter((id) => id !== Number(m.id))))
          .listenForWhisper('typing', (e: { user_id: number; name: string }) => {
            if (e.user_id === me.id) return;
            setTyping((cur) => ({ ...cur, [e.user_id]: e.name }));
            clearTimeout(timers.get(e.user_id));
            timers.set(
              e.user_id,
              setTimeout(() => setTyping(({ [e.user_id]: _gone, ...rest }) => rest), TYPING_CLEAR_MS),
            );
          });
        whisperRef.current = (payload) => presence.whisper('typing', payload);
      })
      .catch(() => undefined);
    return () => {
      stopped = true;
      offReconnect();
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('online', onOnline);
      timers.forEach((t) => clearTimeout(t));
      void realtime().then((echo) => {
        echo.leave(`workrooms.${discussion.id}`);
      });
    };
  }, [discussion.id, me.id, catchUp, markViewed, scrollToEnd]);

  const isOnline = (id: number, fallback: boolean) => present.includes(id) || onlineIds.includes(id) || fallback;

  const onType = (value: string) => {
    textRef.current = value;
    const now = Date.now();
    // A whisper every 1.2 s while typing; the other side clears it 1.3 s after the last.
    if (value && now - lastWhisper.current >= TYPING_WHISPER_INTERVAL_MS) {
      lastWhisper.current = now;
      whisperRef.current?.({ user_id: me.id, name: me.name });
    }
  };

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    if (sending) return;
    setSending(true);
    setError(null);
    try {
      // Attachments and inline images still uploading are waited for (polled), then sent by id.
      await waitForUploads(() => uploadsBusy.current.uploader || uploadsBusy.current.inline);
      const sentText = textRef.current;
      const sentFiles = filesRef.current;
      if (isBlankEditorHtml(sentText) && sentFiles.length === 0) {
        setError('Write a message or attach a file.');
        return;
      }
      const body = { content: isBlankEditorHtml(sentText) ? '' : sentText, content_files_ids: sentFiles.map((f) => f.id) };
      const res = await api<{ data: WorkroomMessage }>(`/api/discussions/${discussion.id}/messages`, { method: 'POST', body });
      setMessages((cur) => mergeMessages(cur, [res.data]));
      // Whatever was typed or attached while the message was on its way stays in the composer.
      if (textRef.current === sentText) {
        textRef.current = '';
        setEditorKey((k) => k + 1);
      }
      if (filesRef.current === sentFiles && sentFiles.length) {
        uploaderRef.current?.clear();
        setAttaching(false);
      }
      lastWhisper.current = 0;
      scrollToEnd(true);
    } catch (e) {
      setError(e instanceof ApiError ? (e.field('content') ?? e.field('content_files_ids') ?? e.message) : 'Your message could not be sent. Please try again.');
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    // Enter starts a new paragraph in rich text; Ctrl+Enter (Cmd+Enter on a Mac) sends.
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  };

  const submitAd = async () => {
    if (!adJob) return;
    setAdError(null);
    if (adUploading) {
      setAdError('Wait until the upload finishes.');
      return;
    }
    if (adFiles.length === 0) {
      setAdError('Attach the ad’s audio file.');
      return;
    }
    setBusy(true);
    try {
      const res = await api<{ data: { message: WorkroomMessage } }>(`/api/podcaster/jobs/${adJob}/deliverables`, {
        method: 'POST',
        body: { content: adNote.trim(), content_files_ids: adFiles.map((f) => f.id) },
      });
      setMessages((cur) => mergeMessages(cur, [res.data.message]));
      const left = jobs.filter((j) => j.id !== adJob);
      setJobs(left);
      setAdJob(left[0]?.id ?? null);
      setAdFiles([]);
      setAdNote('');
      setSubmitOpen(false);
      toast.success('Ad sent for review.');
      scrollToEnd(true);
    } catch (e) {
      setAdError(
        e instanceof ApiError
          ? (e.field('files') ?? e.field('content_files_ids') ?? e.field('job') ?? e.message)
          : 'The ad could not be sent. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  };

  const loadEarlier = async () => {
    const first = messages[0]?.id;
    if (!first) return;
    const res = await api<{ data: WorkroomMessage[]; meta: { has_more: boolean } }>(`/api/discussions/${discussion.id}/messages`, { query: { before: first } });
    setMessages((cur) => mergeMessages(cur, res.data));
    setHasMore(res.meta.has_more);
  };

  const saveEdit = async () => {
    if (!editing) return;
    try {
      const res = await api<{ data: WorkroomMessage }>(`/api/messages/${editing.id}`, { method: 'PUT', body: { content: editing.text } });
      setMessages((cur) => mergeMessages(cur, [res.data]));
      setEditing(null);
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : 'The message could not be saved.');
    }
  };

  const decide = async () => {
    if (!review?.message.deliverable) return;
    setBusy(true);
    try {
      const path = `/api/deliverables/${review.message.deliverable.id}/${review.decision === 'approved' ? 'approved' : 'reject'}`;
      const res = await api<{ data: { message: WorkroomMessage } }>(path, { method: 'POST', body: review.decision === 'rejected' ? { reason } : {} });
      setMessages((cur) => mergeMessages(cur, [res.data.message]));
      toast.success(review.decision === 'approved' ? 'Ad approved.' : 'Changes requested.');
      setReview(null);
      setReason('');
      void catchUp();
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : 'Something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  const filesRef = useRef<FilePayload[]>([]);
  filesRef.current = files;

  const lastOwnSeen = useMemo(() => {
    const own = [...messages].reverse().find((m) => m.user_id === me.id);
    if (!own) return null;
    const names = own.views.map((v) => discussion.users.find((u) => u.id === v.user_id)?.first_name).filter(Boolean) as string[];
    return names.length ? { id: own.id, names } : null;
  }, [messages, me.id, discussion.users]);

  const typingNames = Object.values(typing);

  return (
    <section className="thread" aria-label={`Workroom with ${discussion.title}`}>
      <header className="thread__head">
        <a className="thread__back" href="/workrooms" aria-label="All workrooms">
          <Icon name="chevron-left" size={20} />
        </a>
        <div className="thread__who">
          <h2 className="thread__title">{discussion.title}</h2>
          <p className="thread__subtitle">{discussion.subtitle}</p>
        </div>
        <ul className="thread__members" aria-label="Members">
          {others.map((u) => {
            const on = isOnline(u.id, u.is_online);
            return (
              <li key={u.id} className="thread__member">
                <span className={`online-dot${on ? ' online-dot--on' : ''}`} aria-hidden="true" />
                <span>{u.type === 'BRAND' && u.brand_name ? u.brand_name : u.full_name}</span>
                <span className="cp-sr-only">{on ? ', online' : ', offline'}</span>
              </li>
            );
          })}
        </ul>
      </header>

      {/* Focusable, so a keyboard can scroll the conversation when nothing in it takes focus (axe scrollable-region-focusable). */}
      <div className="thread__scroll" ref={scrollerRef} tabIndex={0} role="region" aria-label="Conversation">
        {hasMore && (
          <button type="button" className="cp-button cp-button--link thread__earlier" onClick={() => void loadEarlier()}>
            Show earlier messages
          </button>
        )}
        {messages.length === 0 ? <p className="thread__empty">No messages yet. Say hello and share what you need for this campaign.</p> : null}
        <ol className="thread__list" ref={contentRef} aria-live="polite" aria-relevant="additions">
          {messages.map((m, i) => {
            const mine = m.user_id === me.id;
            const showDay = i === 0 || formatDate(messages[i - 1]!.created_at) !== formatDate(m.created_at);
            if (m.user_id === null && m.type === 'default') {
              return (
                <li key={m.id} className="msg msg--system" data-message-id={m.id}>
                  {showDay && <p className="thread__day">{formatDate(m.created_at)}</p>}
                  <p>{m.content}</p>
                </li>
              );
            }
            return (
              <li key={m.id} className={`msg${mine ? ' msg--mine' : ''}${m.type !== 'default' ? ' msg--card' : ''}`} data-message-id={m.id}>
                {showDay && <p className="thread__day">{formatDate(m.created_at)}</p>}
                <div className="msg__meta">
                  <span className="msg__author">{mine ? 'You' : displayName(m.user)}</span>
                  <time dateTime={m.created_at} title={new Date(m.created_at).toLocaleString()}>
                    {timeFromNow(m.created_at)}
                  </time>
                  {m.edited_at && <span className="msg__edited">(edited)</span>}
                </div>
                <div className="msg__bubble">
                  {TYPE_LABEL[m.type] && <p className="msg__type">{TYPE_LABEL[m.type]}</p>}
                  {editing?.id === m.id ? (
                    <div className="msg__edit">
                      <RichTextEditor label="Edit message" value={editing.text} onChange={(html) => setEditing({ id: m.id, text: html })} />
                      <div className="msg__edit-actions">
                        <button type="button" className="cp-button" onClick={() => setEditing(null)}>
                          Cancel
                        </button>
                        <button type="button" className="cp-button cp-button--primary" onClick={() => void saveEdit()}>
                          Save
                        </button>
                      </div>
                    </div>
                  ) : (
                    // Rich text sanitised by the server's allowlist before it is stored and again before it is sent here.
                    m.content && <div className="msg__text cp-rich" dangerouslySetInnerHTML={{ __html: m.content }} />
                  )}
                  {m.files.length > 0 && (
                    <ul className="msg__files" aria-label="Attachments">
                      {m.files.map((f) => (
                        <li key={f.id}>
                          <figure className={f.isAudio ? 'msg__audio' : 'msg__attachment'}>
                            {f.isAudio ? (
                              <AudioPlayer
                                src={f.url}
                                waveform={f.waveform}
                                totalTime={f.duration}
                                transcodingStatus={f.transcoding_status}
                                title={f.original_name}
                              />
                            ) : (
                              <FilePreview file={f} />
                            )}
                            <figcaption>
                              <a href={f.url} target="_blank" rel="noopener">
                                {truncateFileName(f.original_name)}
                              </a>
                              <a className="msg__download" href={`${f.url}?download=1`}>
                                Download<span className="cp-sr-only"> {f.original_name}</span>
                              </a>
                            </figcaption>
                          </figure>
                        </li>
                      ))}
                    </ul>
                  )}
                  {m.deliverable && (
                    <div className="msg__deliverable">
                      <span className={`pill deliverable-status deliverable-status--${m.deliverable.status}`}>{STATUS_LABEL[m.deliverable.status]}</span>
                      {me.type === 'BRAND' && canReviewMessage(m) && (
                        <div className="msg__review">
                          <button type="button" className="cp-button" onClick={() => setReview({ message: m, decision: 'rejected' })}>
                            Request changes
                          </button>
                          <button type="button" className="cp-button cp-button--primary" onClick={() => setReview({ message: m, decision: 'approved' })}>
                            Approve ad
                          </button>
                        </div>
                      )}
                    </div>
                  )}
                </div>
                {mine && m.type === 'default' && editing?.id !== m.id && (
                  <button type="button" className="cp-button cp-button--link msg__edit-button" onClick={() => setEditing({ id: m.id, text: m.content })}>
                    Edit<span className="cp-sr-only"> message</span>
                  </button>
                )}
                {lastOwnSeen?.id === m.id && <p className="msg__seen">Seen by {lastOwnSeen.names.join(', ')}</p>}
              </li>
            );
          })}
        </ol>
        {newBelow && (
          <button type="button" className="cp-button thread__jump" onClick={jumpToEnd}>
            <Icon name="chevron-down" size={16} /> New messages
          </button>
        )}
      </div>

      <p className="thread__typing" role="status" aria-live="polite">
        {typingText(typingNames)}
      </p>

      <form className="composer" onSubmit={(e) => void send(e)} onKeyDown={onKeyDown} aria-describedby={error ? 'composer-error' : 'composer-hint'}>
        <RichTextEditor
          key={editorKey}
          label="Message"
          placeholder="Write a message…"
          attach
          onChange={onType}
          onUploadingChange={(u) => (uploadsBusy.current.inline = u)}
          onAttach={(picked) => {
            setAttaching(true);
            uploaderRef.current?.addFiles(picked);
          }}
        />
        <div hidden={!attaching && files.length === 0}>
          <Uploader
            ref={uploaderRef}
            compact
            label="Attachments"
            allowedTypes={ATTACHMENT_TYPES}
            onChange={setFiles}
            onProcessingChange={(p) => (uploadsBusy.current.uploader = p)}
          />
        </div>
        <div className="composer__bar">
          <span id="composer-hint" className="composer__hint">
            Ctrl+Enter to send
          </span>
          {me.type === 'PODCASTER' && jobs.length > 0 && (
            <button type="button" className="cp-button" onClick={() => setSubmitOpen(true)}>
              <Icon name="upload" size={18} />
              <span>Submit ad for review</span>
            </button>
          )}
          <button type="submit" className="cp-button cp-button--primary" disabled={sending}>
            {sending ? 'Sending…' : 'Send'}
          </button>
        </div>
        {error && (
          <p id="composer-error" className="cp-field-error" role="alert">
            {error}
          </p>
        )}
      </form>

      {me.type === 'PODCASTER' && jobs.length > 0 && (
        <Dialog
          open={submitOpen}
          onClose={() => setSubmitOpen(false)}
          title="Submit ad for review"
          footer={
            <>
              <button type="button" className="cp-button" onClick={() => setSubmitOpen(false)}>
                Cancel
              </button>
              <button type="button" className="cp-button cp-button--primary" disabled={busy || adUploading} onClick={() => void submitAd()}>
                {busy ? 'Sending…' : 'Send for review'}
              </button>
            </>
          }
        >
          <div className="deliverable-form">
            <div className="cp-field">
              <label htmlFor="deliverable-job">Ad</label>
              <select id="deliverable-job" className="cp-input" value={adJob ?? ''} onChange={(e) => setAdJob(Number(e.target.value))}>
                {jobs.map((j) => (
                  <option key={j.id} value={j.id}>
                    {(j.description || 'Ad') +
                      (j.delivery_date ? ` · ${formatDate(j.delivery_date)}` : '') +
                      (j.has_reject_deliverable ? ' · changes requested' : '')}
                  </option>
                ))}
              </select>
            </div>
            <Uploader label="Ad audio" maxFiles={1} allowedTypes={AD_AUDIO_TYPES} onChange={setAdFiles} onProcessingChange={setAdUploading} />
            <div className="cp-field">
              <label htmlFor="deliverable-note">Note for the brand (optional)</label>
              <textarea id="deliverable-note" className="cp-input" rows={2} value={adNote} onChange={(e) => setAdNote(e.target.value)} />
            </div>
            {adError && (
              <p className="cp-field-error" role="alert">
                {adError}
              </p>
            )}
          </div>
        </Dialog>
      )}

      <ConfirmDialog
        open={review !== null}
        title={review?.decision === 'approved' ? 'Approve this ad?' : 'Request changes to this ad?'}
        confirmLabel={review?.decision === 'approved' ? 'Approve ad' : 'Request changes'}
        busy={busy}
        onConfirm={decide}
        onCancel={() => setReview(null)}
      >
        {review?.decision === 'approved' ? (
          <p>The job is marked complete and the ad is listed in Completed Ads for both of you.</p>
        ) : (
          <div className="cp-field">
            <label htmlFor="reject-reason">What should change?</label>
            <textarea id="reject-reason" className="cp-input" rows={3} value={reason} onChange={(e) => setReason(e.target.value)} />
          </div>
        )}
      </ConfirmDialog>
    </section>
  );
}
