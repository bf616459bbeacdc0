/** One message of the workroom thread: author, time, rich text or its editor, attachments, the ad-review card, 'seen by'. */
import { FilePreview } from '../../components/FilePreview';
import { RelativeTime } from '../../components/RelativeTime';
import { formatDate, formatLocal } from '../../lib/format/dates';
import { useAfterHydration } from '../../lib/stores/hydrated';
import { truncateFileName } from '../../lib/format/files';
import { canReviewMessage, type WorkroomMessage } from '../../lib/workroom-types';
import AudioPlayer from '../audio-player/LazyAudioPlayer';
import RichTextEditor from '../editor/LazyRichTextEditor';

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

export interface MessageItemProps {
  message: WorkroomMessage;
  /** The message before it (a new day shows its date). */
  previous: WorkroomMessage | undefined;
  me: { id: number; type: 'BRAND' | 'PODCASTER' | 'ADMIN' };
  /** The message being edited, if it is this one. */
  editing: { id: number; text: string } | null;
  onEdit: (editing: { id: number; text: string } | null) => void;
  onSaveEdit: () => void;
  /** Names of those who saw it, when it is the reader's last own message. */
  seenBy: string[] | null;
  onReview: (message: WorkroomMessage, decision: 'approved' | 'rejected') => void;
}

function MessageFiles({ files }: { files: WorkroomMessage['files'] }) {
  return (
    <ul className="msg__files" aria-label="Attachments">
      {files.map((f) => (
        <li key={f.id}>
          <figure className={f.isAudio ? 'msg__audio' : 'msg__attachment'}>
            {f.isAudio ? (
              <AudioPlayer src={f.url} waveform={f.waveform} totalTime={f.duration} transcodingStatus={f.transcoding_status} title={f.original_name} />
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
  );
}

export function MessageItem({ message: m, previous, me, editing, onEdit, onSaveEdit, seenBy, onReview }: MessageItemProps) {
  const mine = m.user_id === me.id;
  // Days in the reader's time zone once hydrated; the server and the first render both use the UTC day.
  const local = useAfterHydration();
  const dayOf = (iso: string) => (local ? formatLocal(iso) : formatDate(iso));
  const showDay = !previous || dayOf(previous.created_at) !== dayOf(m.created_at);
  if (m.user_id === null && m.type === 'default') {
    return (
      <li className="msg msg--system" data-message-id={m.id}>
        {showDay && <p className="thread__day">{dayOf(m.created_at)}</p>}
        {/* Sanitised on the server: a system line is HTML built from text or through the allowlist. */}
        <div className="msg__system cp-rich" dangerouslySetInnerHTML={{ __html: m.content }} />
      </li>
    );
  }
  const isEditing = editing?.id === m.id;
  return (
    <li className={`msg${mine ? ' msg--mine' : ''}${m.type !== 'default' ? ' msg--card' : ''}`} data-message-id={m.id}>
      {showDay && <p className="thread__day">{dayOf(m.created_at)}</p>}
      <div className="msg__meta">
        <span className="msg__author">{mine ? 'You' : displayName(m.user)}</span>
        {/* Relative to the reader's clock once mounted; the server and the first render agree on the UTC date. */}
        <RelativeTime iso={m.created_at} />
        {m.edited_at && <span className="msg__edited">(edited)</span>}
      </div>
      <div className="msg__bubble">
        {TYPE_LABEL[m.type] && <p className="msg__type">{TYPE_LABEL[m.type]}</p>}
        {isEditing ? (
          <div className="msg__edit">
            <RichTextEditor label="Edit message" value={editing.text} onChange={(html) => onEdit({ id: m.id, text: html })} />
            <div className="msg__edit-actions">
              <button type="button" className="cp-button" onClick={() => onEdit(null)}>
                Cancel
              </button>
              <button type="button" className="cp-button cp-button--primary" onClick={onSaveEdit}>
                Save
              </button>
            </div>
          </div>
        ) : (
          // Rich text sanitised by the server's allowlist before it is stored and again before it is sent here.
          m.content && <div className="msg__text cp-rich" dangerouslySetInnerHTML={{ __html: m.content }} />
        )}
        {m.files.length > 0 && <MessageFiles files={m.files} />}
        {m.deliverable && (
          <div className="msg__deliverable">
            <span className="msg__job">{m.deliverable.job_name}</span>
            <span className={`pill deliverable-status deliverable-status--${m.deliverable.status}`}>{STATUS_LABEL[m.deliverable.status]}</span>
            {me.type === 'BRAND' && canReviewMessage(m) && (
              <div className="msg__review">
                <button type="button" className="cp-button" onClick={() => onReview(m, 'rejected')}>
                  Request changes
                </button>
                <button type="button" className="cp-button cp-button--primary" onClick={() => onReview(m, 'approved')}>
                  Approve ad
                </button>
              </div>
            )}
          </div>
        )}
      </div>
      {mine && m.type === 'default' && !isEditing && (
        <button type="button" className="cp-button cp-button--link msg__edit-button" onClick={() => onEdit({ id: m.id, text: m.content })}>
          Edit<span className="cp-sr-only"> message</span>
        </button>
      )}
      {seenBy && <p className="msg__seen">Seen by {seenBy.join(', ')}</p>}
    </li>
  );
}
