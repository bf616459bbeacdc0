import { Icon } from '../../components/Icon';
import { api } from '../../lib/api';
import { useHydratedStore } from '../../lib/stores/hydrated';
import { $notifications, $onlineUserIds, $unreadNotifications, notificationRead } from '../../lib/stores/realtime';
import { RelativeTime } from '../../components/RelativeTime';
import { bellBadge, bellLabel, notificationsHeader } from '../../lib/shell-rules';
import type { ShellNotification } from '../../lib/shell-rules';
import { useDropdown } from './use-dropdown';

/** Nobody online, as the server knows it (one array, so the snapshot stays the same). */
const NO_ONE: number[] = [];

interface Props {
  items: ShellNotification[];
  unread: number;
}

/** The bell: '{n} New Notification(s)', the latest notifications (unread first) linking to their workroom, or 'View Workrooms'. */
export default function NotificationBell({ items: initialItems, unread: initialUnread }: Props) {
  const { open, toggle, buttonRef, rootRef, panelRef, onKeyDown } = useDropdown();
  // Live from realtime once hydrated; the server's props while hydrating, so the first render matches its HTML.
  const items = useHydratedStore($notifications, null) ?? initialItems;
  const unread = useHydratedStore($unreadNotifications, null) ?? initialUnread;
  const onlineIds = useHydratedStore($onlineUserIds, NO_ONE);
  const openItem = (event: React.MouseEvent<HTMLAnchorElement>, id: string, read: boolean, link: string) => {
    if (read) return;
    notificationRead(id);
    const request = api(`/api/notifications/${id}/read`, { method: 'POST' }).catch(() => undefined);
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    // Marked read on the way to the workroom: wait briefly so leaving the page does not cancel it.
    event.preventDefault();
    void Promise.race([request, new Promise((r) => setTimeout(r, 1500))]).then(() => window.location.assign(link));
  };
  const header = notificationsHeader(unread);
  return (
    <div className="dropdown bell" ref={rootRef} onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        className="topbar__icon-button"
        aria-expanded={open}
        aria-controls="bell-panel"
        // The panel shows the spec's exact header; the button's spoken name says what its badge shows, in plain grammar.
        aria-label={bellLabel(unread)}
        onClick={toggle}
      >
        <Icon name="bell" size={22} />
        <span className={`bell__count${unread > 0 ? '' : ' bell__count--empty'}`} aria-hidden="true">
          {bellBadge(unread)}
        </span>
      </button>
      <div id="bell-panel" ref={panelRef} className="dropdown__panel dropdown__panel--bell" hidden={!open}>
        <p className="dropdown__heading">{header}</p>
        {items.length === 0 ? (
          <div className="bell__empty">
            <p>Nothing new yet. Messages from your workrooms show up here.</p>
            <a className="cp-button" href="/workrooms">
              View Workrooms
            </a>
          </div>
        ) : (
          <ul className="dropdown__list">
            {items
              .map((item) => ({ ...item, online: item.online || (item.user_id != null && onlineIds.includes(item.user_id)) }))
              .map((n) => (
                <li key={n.id}>
                  <a className={`bell__item${n.read ? '' : ' bell__item--unread'}`} href={n.link} onClick={(e) => openItem(e, n.id, n.read, n.link)}>
                    <span className="bell__avatar" aria-hidden="true">
                      {n.img ? <img src={n.img} alt="" width={36} height={36} /> : <Icon name="workrooms" size={18} />}
                      <span className={`bell__online${n.online ? ' bell__online--on' : ''}`} />
                    </span>
                    <span className="bell__text">
                      <span className="bell__title">{n.title}</span>
                      <span className="bell__description">{n.description}</span>
                      <span className="bell__meta">
                        <RelativeTime iso={n.created_at} />
                        {n.online ? <span className="cp-sr-only">, online now</span> : null}
                        {n.read ? null : <span className="cp-sr-only">, unread</span>}
                      </span>
                    </span>
                  </a>
                </li>
              ))}
          </ul>
        )}
      </div>
    </div>
  );
}
