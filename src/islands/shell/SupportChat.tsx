import { useEffect, useId, useRef, useState } from 'react';
import { Icon } from '../../components/Icon';
import type { ChatIdentity } from '../../lib/shell-rules';

interface Props {
  open: boolean;
  onClose: () => void;
  identity: ChatIdentity;
  supportEmail: string;
}

/**
 * The 'Contact us' support panel. It is started with the user's email, id, name, avatar and podcaster
 * flag, and it is honest about how it works: there is no live agent behind it; the message opens in
 * the user's mail app addressed to the support email, with those details filled in.
 */
export function SupportChat({ open, onClose, identity, supportEmail }: Props) {
  const [message, setMessage] = useState('');
  const titleId = useId();
  const fieldId = useId();
  const panelRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>('textarea')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  if (!open) return null;
  const role = identity.isPodcaster ? 'Podcaster' : 'Brand';
  const subject = `Cuepoint support (${role}, user ${identity.userId})`;
  const body = `${message.trim()}\n\n--\n${identity.name} <${identity.email}>\nUser id: ${identity.userId}\nAccount: ${role}`;
  const mailto = `mailto:${supportEmail}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;

  return (
    <section ref={panelRef} className="support-chat" role="dialog" aria-modal="false" aria-labelledby={titleId}>
      <header className="support-chat__header">
        {identity.avatar ? (
          <img className="avatar avatar--sm" src={identity.avatar} alt="" width={32} height={32} />
        ) : (
          <span className="avatar avatar--sm avatar--initial" aria-hidden="true">
            {identity.name.charAt(0).toUpperCase() || '?'}
          </span>
        )}
        <h2 id={titleId} className="support-chat__title">
          Contact us
        </h2>
        <button type="button" className="cp-icon-button support-chat__close" aria-label="Close contact panel" onClick={onClose}>
          <Icon name="close" size={18} />
        </button>
      </header>
      <div className="support-chat__body">
        <p className="support-chat__bubble">
          Hi {identity.name.split(' ')[0] || 'there'}! Support works by email: write your question below and it opens in your mail app, addressed to{' '}
          <a href={`mailto:${supportEmail}`}>{supportEmail}</a>. We reply to <strong>{identity.email}</strong>.
        </p>
        <label htmlFor={fieldId} className="support-chat__label">
          Your message
        </label>
        <textarea
          id={fieldId}
          className="cp-input support-chat__input"
          rows={4}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          placeholder="How can we help?"
        />
      </div>
      <footer className="support-chat__footer">
        <a className="cp-button cp-button--primary" href={mailto} onClick={() => setTimeout(onClose, 0)}>
          <Icon name="mail" size={18} />
          Email support
        </a>
      </footer>
    </section>
  );
}
