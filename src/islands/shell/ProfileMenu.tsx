import { useState } from 'react';
import { Icon } from '../../components/Icon';
import { logout } from '../../lib/session';
import { SupportChat } from './SupportChat';
import type { ChatIdentity } from '../../lib/shell-rules';
import { useDropdown } from './use-dropdown';

interface Props {
  identity: ChatIdentity;
  type: 'BRAND' | 'PODCASTER' | 'ADMIN';
  supportEmail: string;
  helpUrl: string;
}

/** The profile menu: Profile (podcaster) or Pending Hires (brand), Settings, Help Center, Contact us, Logout. */
export default function ProfileMenu({ identity, type, supportEmail, helpUrl }: Props) {
  const { open, toggle, close, buttonRef, rootRef, panelRef, onKeyDown } = useDropdown();
  const [chatOpen, setChatOpen] = useState(false);
  const initial = identity.name.trim().charAt(0).toUpperCase() || identity.email.charAt(0).toUpperCase();

  return (
    <div className="dropdown profile-menu" ref={rootRef} onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        className="topbar__icon-button profile-menu__button"
        aria-expanded={open}
        aria-controls="profile-panel"
        aria-label={`Account menu for ${identity.name || identity.email}`}
        onClick={toggle}
      >
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
            <a className="dropdown__item" href={helpUrl} target="_blank" rel="noopener noreferrer">
              <Icon name="help" size={18} /> Help Center
              <span className="cp-sr-only"> (opens in a new tab)</span>
              <Icon name="external-link" size={14} className="dropdown__trailing" />
            </a>
          </li>
          <li>
            <button
              type="button"
              className="dropdown__item"
              onClick={() => {
                close(false);
                setChatOpen(true);
              }}
            >
              <Icon name="chat" size={18} /> Contact us
            </button>
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
        supportEmail={supportEmail}
        onClose={() => {
          setChatOpen(false);
          buttonRef.current?.focus();
        }}
      />
    </div>
  );
}
