import { RelativeTime } from '../../components/RelativeTime';
import type { ConversationPayload } from '../../lib/support-types';

export type InboxFilter = 'open' | 'closed' | 'all';

interface Props {
  items: ConversationPayload[];
  selectedId: number | null;
  filter: InboxFilter;
  search: string;
  loading: boolean;
  onFilter: (f: InboxFilter) => void;
  onSearch: (s: string) => void;
  onSelect: (id: number) => void;
}

const FILTERS: { value: InboxFilter; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Solved' },
  { value: 'all', label: 'All' },
];

/** The team's list of support conversations: filter, search, unread counts, newest activity first. */
export function SupportInboxList({ items, selectedId, filter, search, loading, onFilter, onSearch, onSelect }: Props) {
  return (
    <div className="inbox-list">
      <div className="inbox-list__tools">
        <label className="cp-sr-only" htmlFor="inbox-search">
          Search conversations
        </label>
        <input
          id="inbox-search"
          className="cp-input"
          type="search"
          placeholder="Search by name or email"
          value={search}
          onChange={(e) => onSearch(e.target.value)}
        />
        <div className="inbox-list__filters" role="group" aria-label="Show conversations">
          {FILTERS.map((f) => (
            <button key={f.value} type="button" className="inbox-list__filter" aria-pressed={filter === f.value} onClick={() => onFilter(f.value)}>
              {f.label}
            </button>
          ))}
        </div>
      </div>
      {items.length === 0 ? (
        <p className="inbox-list__empty">{loading ? 'Loading…' : search ? `No conversations match “${search}”.` : 'No conversations here.'}</p>
      ) : (
        <ul className="inbox-list__items" aria-busy={loading || undefined}>
          {items.map((c) => (
            <li key={c.id}>
              <button type="button" className="inbox-item" aria-current={c.id === selectedId ? 'true' : undefined} onClick={() => onSelect(c.id)}>
                <span className="avatar avatar--sm avatar--initial" aria-hidden="true">
                  {c.identity.name.charAt(0).toUpperCase()}
                </span>
                <span className="inbox-item__text">
                  <span className="inbox-item__top">
                    <strong>{c.identity.name}</strong>
                    <RelativeTime iso={c.last_message_at} />
                  </span>
                  <span className="inbox-item__who">
                    {c.identity.is_podcaster ? 'Podcaster' : 'Brand'} · {c.identity.email}
                  </span>
                  <span className="inbox-item__last">
                    {c.last_message ? `${c.last_message.from_support ? 'Support: ' : ''}${c.last_message.content ?? ''}` : ''}
                  </span>
                </span>
                {c.unread > 0 ? (
                  <span className="inbox-item__badge">
                    {c.unread}
                    <span className="cp-sr-only"> unread</span>
                  </span>
                ) : c.status === 'closed' ? (
                  <span className="pill">Solved</span>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
