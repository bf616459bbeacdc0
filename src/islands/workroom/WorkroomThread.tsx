import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Icon } from '../../components/Icon';
import { api, ApiError } from '../../lib/api';
import { TYPING_CLEAR_MS, TYPING_WHISPER_INTERVAL_MS } from '../../lib/constants';
import { formatDate, timeFromNow } from '../../lib/format/dates';
import { onReconnect, realtime } from '../../lib/realtime-client';
import { $onlineUserIds, setUnreadWorkrooms } from '../../lib/stores/realtime';
import { toast } from '../../lib/stores/toasts';
import { canReviewMessage, mergeMessages, typingText, type WorkroomDiscussion, type WorkroomMessage } from '../../lib/workroom-types';

interface Props {
  discussion: WorkroomDiscussion;
  messages: WorkroomMessage[];
  hasMore: boolean;
  me: { id: number; type: 'BRAND' | 'PODCASTER' | 'ADMIN'; name: string };
}

const TYPE_LABEL: Record<string, string> = {
  'proposal-details': 'Proposal details',
  'ad-automatically-detected': 'Ad detected automatically',
  'ad-manually-detected': 'Ad marked as published',
  'ad-review': 'Ad for review',
};
const STATUS_LABEL = { pending: 'Waiting for review', accepted: 'Approved', rejected: 'Changes requested' } as const;

function displayName(m: WorkroomMessage['user']): string {
  if (!m) return 'Cuepoint';
  return m.type === 'BRAND' && m.brand_name ? `${m.full_name} · ${m.brand_name}` : m.full_name;
}

/** The workroom thread: messages, files, deliverables, editing, 'seen by', online dots and the typing indicator, live. */
export default function WorkroomThread({ discussion, messages: initial, hasMore: initialHasMore, me }: Props) {
  const [messages, setMessages] = useState(initial);
  const [hasMore, setHasMore] = useState(initialHasMore);
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [typing, setTyping] = useState<Record<number, string>>({});
  const [present, setPresent] = useState<number[]>([]);
  const [editing, setEditing] = useState<{ id: number; text: string } | null>(null);
  const [review, setReview] = useState<{ message: WorkroomMessage; decision: 'approved' | 'rejected' } | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const onlineIds = useStore($onlineUserIds);
  const listRef = useRef<HTMLOListElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const lastWhisper = useRef(0);
  const typingTimers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const whisperRef = useRef<((payload: Record<string, unknown>) => void) | null>(null);
  const latestId = useRef(initial.at(-1)?.id ?? 0);
  const others = discussion.users.filter((u) => u.id !== me.id);

  useEffect(() => {
    latestId.current = messages.at(-1)?.id ?? latestId.current;
  }, [messages]);

  const scrollToEnd = useCallback(() => {
    // Scroll the thread itself (never the page) to the newest message.
    requestAnimationFrame(() => {
      const scroller = listRef.current?.parentElement;
      if (scroller) scroller.scrollTop = scroller.scrollHeight;
    });
  }, []);

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
    scrollToEnd();
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
            scrollToEnd();
            if (m.user_id !== me.id) markViewed();
          })
          .listen('.message.updated', (m: WorkroomMessage) => setMessages((cur) => mergeMessages(cur, [m])))
          .listen('.message.viewed', (e: { user_id: number; message_ids: number[] }) =>
            setMessages((cur) =>
              cur.map((m) => (e.message_ids.includes(m.id) && !m.views.some((v) => v.user_id === e.user_id) ? { ...m, views: [...m.views, { user_id: e.user_id, views: 1 }] } : m)),
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
    setText(value);
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
    if (!text.trim() && files.length === 0) {
      setError('Write a message or attach a file.');
      return;
    }
    setSending(true);
    setError(null);
    const sentText = text;
    const sentFiles = files;
    try {
      let body: FormData | { content: string };
      if (files.length) {
        const form = new FormData();
        form.set('content', text);
        files.forEach((f) => form.append('files[]', f));
        body = form;
      } else body = { content: text };
      const res = await api<{ data: WorkroomMessage }>(`/api/discussions/${discussion.id}/messages`, { method: 'POST', body });
      setMessages((cur) => mergeMessages(cur, [res.data]));
      // Whatever was typed or picked while the message was on its way stays in the composer.
      setText((cur) => (cur === sentText ? '' : cur));
      setFiles((cur) => (cur === sentFiles ? [] : cur));
      if (fileRef.current && sentFiles.length) fileRef.current.value = '';
      lastWhisper.current = 0;
      scrollToEnd();
    } catch (e) {
      setError(e instanceof ApiError ? (e.field('content') ?? e.field('files') ?? e.message) : 'Your message could not be sent. Please try again.');
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
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

      <div className="thread__scroll">
        {hasMore && (
          <button type="button" className="cp-button cp-button--link thread__earlier" onClick={() => void loadEarlier()}>
            Show earlier messages
          </button>
        )}
        {messages.length === 0 ? (
          <p className="thread__empty">No messages yet. Say hello and share what you need for this campaign.</p>
        ) : null}
        <ol className="thread__list" ref={listRef} aria-live="polite" aria-relevant="additions">
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
                      <label className="cp-sr-only" htmlFor={`edit-${m.id}`}>
                        Edit message
                      </label>
                      <textarea id={`edit-${m.id}`} className="cp-input" value={editing.text} rows={3} onChange={(e) => setEditing({ id: m.id, text: e.target.value })} />
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
                    m.content && <p className="msg__text">{m.content}</p>
                  )}
                  {m.files.length > 0 && (
                    <ul className="msg__files" aria-label="Attachments">
                      {m.files.map((f) => (
                        <li key={f.id}>
                          {f.isAudio ? (
                            <figure className="msg__audio">
                              <audio controls preload="none" src={f.url} aria-label={f.original_name} />
                              <figcaption>
                                <a href={`${f.url}?download=1`}>{f.original_name}</a>
                              </figcaption>
                            </figure>
                          ) : f.mime.startsWith('image/') && f.mime !== 'image/bmp' ? (
                            <a href={f.url} target="_blank" rel="noopener">
                              <img className="msg__image" src={f.url} alt={f.original_name} loading="lazy" />
                            </a>
                          ) : (
                            <a className="msg__file" href={f.url} target="_blank" rel="noopener">
                              <Icon name="file" size={18} />
                              <span>{f.original_name}</span>
                            </a>
                          )}
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
      </div>

      <p className="thread__typing" role="status" aria-live="polite">
        {typingText(typingNames)}
      </p>

      <form className="composer" onSubmit={(e) => void send(e)}>
        <label className="cp-sr-only" htmlFor="composer-text">
          Message
        </label>
        <textarea
          id="composer-text"
          className="cp-input composer__text"
          rows={2}
          placeholder="Write a message…"
          value={text}
          onChange={(e) => onType(e.target.value)}
          onKeyDown={onKeyDown}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'composer-error' : 'composer-hint'}
        />
        <div className="composer__bar">
          <label className="cp-button composer__attach">
            <Icon name="upload" size={18} />
            <span>Attach files</span>
            <input
              ref={fileRef}
              type="file"
              multiple
              className="cp-sr-only"
              accept=".pdf,.mp3,.mp4,.m4a,.wav,.png,.jpg,.jpeg,application/pdf,audio/*,video/mp4,image/png,image/jpeg"
              onChange={(e) => setFiles(Array.from(e.target.files ?? []).slice(0, 10))}
            />
          </label>
          {files.length > 0 && (
            <ul className="composer__files" aria-label="Files to send">
              {files.map((f) => (
                <li key={f.name}>{f.name}</li>
              ))}
            </ul>
          )}
          <span id="composer-hint" className="composer__hint">
            Enter to send, Shift+Enter for a new line
          </span>
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
