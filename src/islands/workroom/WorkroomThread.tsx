/** The workroom thread: messages, files, deliverables, editing, 'seen by', online dots and the typing indicator, live. */
import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { Icon } from '../../components/Icon';
import { api, ApiError } from '../../lib/api';
import type { DeliveryPanelPayload } from '../../lib/delivery-types';
import { $dealChange, $onlineUserIds } from '../../lib/stores/realtime';
import { toast } from '../../lib/stores/toasts';
import { type DeliverableJob, mergeMessages, submittableJobs, typingText, type WorkroomDiscussion, type WorkroomMessage } from '../../lib/workroom-types';
import { useStickToBottom } from '../shared/use-stick-to-bottom';
import { Composer } from './Composer';
import { MessageItem } from './MessageItem';
import { type PendingReview, ReviewDialog } from './ReviewDialog';
import { SubmitAdDialog } from './SubmitAdDialog';
import { useWorkroomLive } from './use-workroom-live';

interface Props {
  discussion: WorkroomDiscussion;
  messages: WorkroomMessage[];
  hasMore: boolean;
  me: { id: number; type: 'BRAND' | 'PODCASTER' | 'ADMIN'; name: string };
  /** The podcaster's jobs in this package workroom that can take an ad for review. */
  deliverableJobs?: DeliverableJob[];
  /** What sits between the header and the conversation (the delivery panel, its own island). */
  children?: ReactNode;
}

export default function WorkroomThread({ discussion, messages: initial, hasMore: initialHasMore, me, deliverableJobs = [], children }: Props) {
  const [messages, setMessages] = useState(initial);
  const [hasMore, setHasMore] = useState(initialHasMore);
  const [jobs, setJobs] = useState(deliverableJobs);
  const [submitOpen, setSubmitOpen] = useState(false);
  const [editing, setEditing] = useState<{ id: number; text: string } | null>(null);
  const [review, setReview] = useState<PendingReview | null>(null);
  const onlineIds = useStore($onlineUserIds);
  const dealChange = useStore($dealChange);
  const podcasterRoom = me.type === 'PODCASTER' && discussion.type === 'package';
  // Funded, reviewed or rescheduled on another tab or by the brand: "Submit ad for review" follows the jobs.
  useEffect(() => {
    if (!dealChange || !podcasterRoom) return;
    api<{ data: DeliveryPanelPayload }>(`/api/discussions/${discussion.id}/jobs`)
      .then((res) => setJobs(submittableJobs(res.data.jobs)))
      .catch(() => undefined);
  }, [dealChange?.at, podcasterRoom, discussion.id]);
  const others = discussion.users.filter((u) => u.id !== me.id);

  // The newest message stays in view unless the reader scrolled up to read earlier ones.
  const { scrollerRef, contentRef, scrollToEnd, newBelow, jumpToEnd } = useStickToBottom<HTMLDivElement, HTMLOListElement>();
  const { present, typingNames, whisper, catchUp } = useWorkroomLive({ discussionId: discussion.id, me, messages, setMessages, scrollToEnd });

  const isOnline = (id: number, fallback: boolean) => present.includes(id) || onlineIds.includes(id) || fallback;
  const add = (m: WorkroomMessage) => setMessages((cur) => mergeMessages(cur, [m]));

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
      add(res.data);
      setEditing(null);
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : 'The message could not be saved.');
    }
  };

  const lastOwnSeen = useMemo(() => {
    const own = [...messages].reverse().find((m) => m.user_id === me.id);
    if (!own) return null;
    const names = own.views.map((v) => discussion.users.find((u) => u.id === v.user_id)?.first_name).filter(Boolean) as string[];
    return names.length ? { id: own.id, names } : null;
  }, [messages, me.id, discussion.users]);

  const canSubmitAd = me.type === 'PODCASTER' && jobs.length > 0;

  return (
    <section className="thread" aria-label={`Workroom with ${discussion.title}`}>
      <header className="thread__head">
        <a className="thread__back" href="/workrooms" aria-label="All workrooms">
          <Icon name="chevron-left" size={20} />
        </a>
        <div className="thread__who">
          <h2 className="thread__title">{discussion.title}</h2>
          <p className="thread__subtitle">
            {discussion.subtitle}
            {/* A phone folds the members list away: whether the other side is online shows here. */}
            <span className="thread__online">{others.some((u) => isOnline(u.id, u.is_online)) ? ' · online' : ''}</span>
          </p>
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
      {children}

      {/* A log (new messages are announced politely, as a chat's are), focusable so a keyboard can scroll it (axe scrollable-region-focusable). */}
      <div className="thread__scroll" ref={scrollerRef} tabIndex={0} role="log" aria-label="Conversation">
        {hasMore && (
          <button type="button" className="cp-button cp-button--link thread__earlier" onClick={() => void loadEarlier()}>
            Show earlier messages
          </button>
        )}
        {messages.length === 0 ? <p className="thread__empty">No messages yet. Say hello and share what you need for this campaign.</p> : null}
        <ol className="thread__list" ref={contentRef}>
          {messages.map((m, i) => (
            <MessageItem
              key={m.id}
              message={m}
              previous={messages[i - 1]}
              me={me}
              editing={editing}
              onEdit={setEditing}
              onSaveEdit={() => void saveEdit()}
              seenBy={lastOwnSeen?.id === m.id ? lastOwnSeen.names : null}
              onReview={(message, decision) => setReview({ message, decision })}
            />
          ))}
        </ol>
        {newBelow && (
          <button type="button" className="cp-button thread__jump" onClick={jumpToEnd}>
            <Icon name="chevron-down" size={16} /> New messages
          </button>
        )}
      </div>

      <Composer
        typing={typingText(typingNames)}
        discussionId={discussion.id}
        me={me}
        whisper={whisper}
        onSent={(m) => {
          add(m);
          scrollToEnd(true);
        }}
        onSubmitAd={canSubmitAd ? () => setSubmitOpen(true) : undefined}
      />

      {canSubmitAd && (
        <SubmitAdDialog
          jobs={jobs}
          open={submitOpen}
          onClose={() => setSubmitOpen(false)}
          onSubmitted={(m, jobId) => {
            add(m);
            setJobs((cur) => cur.filter((j) => j.id !== jobId));
            setSubmitOpen(false);
            scrollToEnd(true);
          }}
        />
      )}

      <ReviewDialog
        review={review}
        onClose={() => setReview(null)}
        onDecided={(m) => {
          add(m);
          setReview(null);
          void catchUp();
        }}
      />
    </section>
  );
}
