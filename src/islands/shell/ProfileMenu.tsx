import { useEffect, useState } from 'react';
import { Icon } from '../../components/Icon';
import { logout } from '../../lib/session';
import type { ChatIdentity } from '../../lib/shell-rules';
import { useHydratedStore } from '../../lib/stores/hydrated';
import { $supportUnread, seedSupportUnread } from '../../lib/stores/support';
import { SupportChat } from '../support/SupportChat';
import { useDropdown } from './use-dropdown';
import '../../styles/support.css';

interface Props {
  identity: ChatIdentity;
  type: 'BRAND' | 'PODCASTER' | 'ADMIN';
  helpUrl: string;
  /** Unread answers from the support team (admins: conversations waiting for the team). */
  supportUnread: number;
}

/** The hash that opens the support chat on any page (links in support mail and notifications). */
const CHAT_HASH = '#support';

/** The profile menu: Profile (podcaster) or Pending Hires (brand), Settings, Help Center, Contact us, Logout. */
export default function ProfileMenu({ identity, type, helpUrl, supportUnread }: Props) {
  const { open, toggle, close, buttonRef, rootRef, panelRef, onKeyDown } = useDropdown();
  const [chatOpen, setChatOpen] = useState(false);
  // Seeded after hydration: a store set while rendering on the server would be shared by every request.
  useEffect(() => seedSupportUnread(supportUnread), [supportUnread]);
  const unread = useHydratedStore($supportUnread, null) ?? supportUnread;
  const initial = identity.name.trim().charAt(0).toUpperCase() || identity.email.charAt(0).toUpperCase();
  const isAdmin = type === 'ADMIN';

  useEffect(() => {
    const fromHash = () => {
      if (window.location.hash !== CHAT_HASH) return;
      history.replaceState(null, '', window.location.pathname + window.location.search);
      if (isAdmin) window.location.assign('/admin/support');
      else setChatOpen(true);
    };
    fromHash();
    window.addEventListener('hashchange', fromHash);
    return () => window.removeEventListener('hashchange', fromHash);
  }, [isAdmin]);

  return (
    <div className="dropdown profile-menu" ref={rootRef} onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        className="topbar__icon-button profile-menu__button"
        aria-expanded={open}
        aria-controls="profile-panel"
        aria-label={`Account menu for ${identity.name || identity.email}${unread ? `, ${unread} unread from support` : ''}`}
        onClick={toggle}
      >
        {/* A dot, no digits: the count is in the button's name and on the menu item. */}
        {unread > 0 ? <span className="profile-menu__badge" aria-hidden="true" /> : null}
        {identity.avatar ? (
          <img className="avatar" src={identity.avatar} alt="" width={36} height={36} />
        ) : (
          <span className="avatar avatar--initial" aria-hidden="true">
            {initial}
          </span>
        )}
      </button>
      <div id="profile-panel" ref={panelRef} className="dropdown__panel" hidden={!open}>
        <div className="profile-menu__who">
          <strong>{identity.name || identity.email}</strong>
          <span>{identity.email}</span>
        </div>
        <ul className="dropdown__list">
          {type === 'PODCASTER' ? (
            <li>
              <a className="dropdown__item" href="/settings/manage-podcasts">
                <Icon name="user" size={18} /> Profile
              </a>
            </li>
          ) : null}
          {type === 'BRAND' ? (
            <li>
              <a className="dropdown__item" href="/hirings/overview">
                <Icon name="hires" size={18} /> Pending Hires
              </a>
            </li>
          ) : null}
          <li>
            <a className="dropdown__item" href="/settings">
              <Icon name="settings" size={18} /> Settings
            </a>
          </li>
          <li>
            <a className="dropdown__item" href={helpUrl}>
              <Icon name="help" size={18} /> Help Center
            </a>
          </li>
          <li>
            {isAdmin ? (
              <a className="dropdown__item" href="/admin/support">
                <Icon name="chat" size={18} /> Support inbox
                {unread > 0 ? <span className="dropdown__count">{unread} waiting</span> : null}
              </a>
            ) : (
              <button
                type="button"
                className="dropdown__item"
                onClick={() => {
                  close(false);
                  setChatOpen(true);
                }}
              >
                <Icon name="chat" size={18} /> Contact us
                {unread > 0 ? <span className="dropdown__count">{unread} new</span> : null}
              </button>
            )}
          </li>
          <li>
            <button type="button" className="dropdown__item" onClick={() => logout()}>
              <Icon name="logout" size={18} /> Logout
            </button>
          </li>
        </ul>
      </div>
      <SupportChat
        open={chatOpen}
        identity={identity}
        onClose={() => {
          setChatOpen(false);
          buttonRef.current?.focus();
        }}
      />
    </div>
  );
}
