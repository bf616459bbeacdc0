import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { api, ApiError } from '../../lib/api';
import { RelativeTime } from '../../components/RelativeTime';
import { htmlToText } from '../../lib/format/text';
import { $discussionChange, $onlineUserIds } from '../../lib/stores/realtime';
import { toast } from '../../lib/stores/toasts';
import type { WorkroomDiscussion } from '../../lib/workroom-types';

interface Page {
  data: WorkroomDiscussion[];
  /** next_cursor reads the page after this one from the list's index (Load more). */
  meta: { current_page: number; last_page: number; total: number; next_cursor?: string | null };
}

interface Props {
  initial: Page;
  currentId: number | null;
  meId: number;
}

const SEARCH_DEBOUNCE_MS = 400;

/** The workroom list: search, inbox or archive, unread counts, read/unread and archive/unarchive, live. */
export default function DiscussionList({ initial, currentId, meId }: Props) {
  const [page, setPage] = useState<Page>(initial);
  const [search, setSearch] = useState('');
  const [archived, setArchived] = useState(false);
  const [loading, setLoading] = useState(false);
  const change = useStore($discussionChange);
  const onlineIds = useStore($onlineUserIds);
  const first = useRef(true);

  const load = async (opts: { page?: number; cursor?: string | null; append?: boolean } = {}) => {
    setLoading(true);
    try {
      const query = { search, archived: archived ? 1 : 0, page: opts.page ?? 1, ...(opts.cursor ? { cursor: opts.cursor } : {}) };
      const res = await api<Page>('/api/discussions', { query });
      setPage((cur) => (opts.append ? { ...res, data: [...cur.data, ...res.data.filter((d) => !cur.data.some((c) => c.id === d.id))] } : res));
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : 'The workrooms could not be loaded.');
    } finally {
      setLoading(false);
    }
  };

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const t = setTimeout(() => void load(), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [search, archived]);

  useEffect(() => {
    if (change) void load();
  }, [change?.at]);

  const act = async (d: WorkroomDiscussion, action: 'read' | 'unread' | 'archive' | 'unarchive') => {
    const path = {
      read: [`/api/discussions/${d.id}/read`, 'POST'],
      unread: [`/api/discussions/${d.id}/read/${d.id}`, 'DELETE'],
      archive: [`/api/discussions/${d.id}/archive`, 'POST'],
      unarchive: [`/api/discussions/${d.id}/archive/${d.id}`, 'DELETE'],
    }[action] as [string, 'POST' | 'DELETE'];
    try {
      await api(path[0], { method: path[1] });
      if (action === 'archive' || action === 'unarchive') toast.success(action === 'archive' ? 'Workroom archived.' : 'Workroom moved back to your inbox.');
      await load();
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : 'Something went wrong. Please try again.');
    }
  };

  return (
    <div className="rooms">
      <div className="rooms__tools">
        <label className="cp-sr-only" htmlFor="rooms-search">
          Search workrooms
        </label>
        <input id="rooms-search" type="search" className="cp-input" placeholder="Search workrooms" value={search} onChange={(e) => setSearch(e.target.value)} />
        <div className="rooms__tabs" role="group" aria-label="Show">
          <button type="button" className={`rooms__tab${archived ? '' : ' rooms__tab--on'}`} aria-pressed={!archived} onClick={() => setArchived(false)}>
            Inbox
          </button>
          <button type="button" className={`rooms__tab${archived ? ' rooms__tab--on' : ''}`} aria-pressed={archived} onClick={() => setArchived(true)}>
            Archived
          </button>
        </div>
      </div>
      {page.data.length === 0 ? (
        <p className="rooms__empty">
          {loading
            ? 'Loading…'
            : search
              ? `No workrooms match “${search}”.`
              : archived
                ? 'No archived workrooms.'
                : 'No workrooms yet. A workroom opens when a proposal is sent or a brand writes to a podcast.'}
        </p>
      ) : (
        <ul className="rooms__list" aria-busy={loading}>
          {page.data.map((d) => {
            const other = d.users.find((u) => u.id !== meId);
            const online = other ? other.is_online || onlineIds.includes(other.id) : false;
            const unread = d.is_unread;
            return (
              <li key={d.id} className={`room${d.id === currentId ? ' room--current' : ''}${unread ? ' room--unread' : ''}`}>
                <a className="room__link" href={d.link} aria-current={d.id === currentId ? 'page' : undefined}>
                  <span className="room__avatar" aria-hidden="true">
                    {d.avatar ? <img src={d.avatar} alt="" width={40} height={40} /> : d.title.slice(0, 1)}
                    <span className={`online-dot room__dot${online ? ' online-dot--on' : ''}`} />
                  </span>
                  <span className="room__text">
                    <span className="room__title">{d.title}</span>
                    <span className="room__subtitle">{d.subtitle}</span>
                    <span className="room__last">
                      {d.last_message
                        ? `${d.last_message.user_id === meId ? 'You: ' : ''}${htmlToText(d.last_message.content) || (d.last_message.files.length ? 'Sent a file' : '')}`
                        : 'No messages yet'}
                    </span>
                  </span>
                  <span className="room__side">
                    {d.last_message && <RelativeTime iso={d.last_message.created_at} />}
                    {unread && (
                      <span className="room__badge">
                        {d.unread_count > 0 ? d.unread_count : ''}
                        <span className="cp-sr-only">{d.unread_count > 0 ? ' unread messages' : 'Marked unread'}</span>
                      </span>
                    )}
                  </span>
                </a>
                <div className="room__actions">
                  <button type="button" className="cp-button cp-button--link" onClick={() => void act(d, unread ? 'read' : 'unread')}>
                    {unread ? 'Mark read' : 'Mark unread'}
                    <span className="cp-sr-only"> {d.title}</span>
                  </button>
                  <button type="button" className="cp-button cp-button--link" onClick={() => void act(d, d.is_archived ? 'unarchive' : 'archive')}>
                    {d.is_archived ? 'Unarchive' : 'Archive'}
                    <span className="cp-sr-only"> {d.title}</span>
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {page.meta.current_page < page.meta.last_page && (
        <button
          type="button"
          className="cp-button rooms__more"
          disabled={loading}
          onClick={() => void load({ page: page.meta.current_page + 1, cursor: page.meta.next_cursor, append: true })}
        >
          Load more
        </button>
      )}
    </div>
  );
}
