import { useEffect, useId, useRef } from 'react';
import { Icon } from '../../components/Icon';
import type { ChatIdentity } from '../../lib/shell-rules';
import { $supportUnread } from '../../lib/stores/support';
import { useStickToBottom } from '../shared/use-stick-to-bottom';
import { SupportComposer } from './SupportComposer';
import { SupportThread } from './SupportThread';
import { useSupportChat } from './use-support-chat';

interface Props {
  open: boolean;
  onClose: () => void;
  /** Who the chat is started with (core §2): email, user id, name, avatar, podcaster flag. */
  identity: ChatIdentity;
}

/**
 * 'Contact us': a live chat with the Cuepoint support team (the admins). The user's latest
 * conversation shows with the team's answers arriving over realtime; the first message opens a
 * conversation. When the team is away the message is mailed to them, and their answer is mailed back.
 */
export function SupportChat({ open, onClose, identity }: Props) {
  const chat = useSupportChat(identity.userId, open);
  return open ? <SupportChatPanel chat={chat} onClose={onClose} identity={identity} /> : null;
}

function SupportChatPanel({ chat, onClose, identity }: { chat: ReturnType<typeof useSupportChat>; onClose: () => void; identity: ChatIdentity }) {
  const { conversation, loaded, loadError, sending, load, send, markRead } = chat;
  const titleId = useId();
  const panelRef = useRef<HTMLElement>(null);
  const { scrollerRef, contentRef, scrollToEnd, newBelow, jumpToEnd } = useStickToBottom<HTMLDivElement, HTMLOListElement>();
  const count = conversation?.messages.length ?? 0;

  useEffect(() => {
    if (!loaded) void load();
    // Answers that arrived while the chat was closed are read now (the badge counts them, not the thread).
    else if (conversation && ($supportUnread.get() ?? 0) > 0) void markRead(conversation.id).catch(() => undefined);
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
    // Opening (not every change of the conversation) loads and reads.
    // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  }, [loaded]);

  // The newest message stays in view (the user's own always; the team's unless they scrolled up).
  const lastFromUser = conversation?.messages.at(-1)?.from_support === false;
  useEffect(() => {
    scrollToEnd(count === 0 || lastFromUser);
  }, [count, lastFromUser, scrollToEnd]);

  const first = identity.name.split(' ')[0] || 'there';
  const closed = conversation?.status === 'closed';

  return (
    <section ref={panelRef} className="support-chat" role="dialog" aria-modal="false" aria-labelledby={titleId}>
      <header className="support-chat__header">
        <span className="support-chat__mark" aria-hidden="true">
          <Icon name="chat" size={18} />
        </span>
        <div className="support-chat__heading">
          <h2 id={titleId} className="support-chat__title">
            Cuepoint support
          </h2>
          <p className="support-chat__subtitle">We answer here, and by email when you are away</p>
        </div>
        <button type="button" className="cp-icon-button support-chat__close" aria-label="Close the support chat" onClick={onClose}>
          <Icon name="close" size={18} />
        </button>
      </header>
      <div className="support-chat__body" ref={scrollerRef} role="log" aria-live="polite" aria-label="Conversation with Cuepoint support">
        <p className="support-chat__bubble">
          Hi {first}! Ask us anything about Cuepoint. The team answers in this chat; if you leave, we email the answer to <strong>{identity.email}</strong>.
        </p>
        {loadError ? (
          <p className="cp-field-error" role="alert">
            {loadError}{' '}
            <button type="button" className="cp-button cp-button--link" onClick={() => void load()}>
              Try again
            </button>
          </p>
        ) : !loaded ? (
          <p className="support-chat__status">Loading your conversation…</p>
        ) : null}
        {conversation ? <SupportThread ref={contentRef} messages={conversation.messages} asSupport={false} /> : null}
        {closed ? <p className="support-chat__status">The team marked this conversation as solved. Write again to start a new one.</p> : null}
        {newBelow && (
          <button type="button" className="cp-button support-chat__jump" onClick={jumpToEnd}>
            <Icon name="chevron-down" size={16} /> New messages
          </button>
        )}
      </div>
      <SupportComposer
        label="Message to Cuepoint support"
        placeholder={conversation && !closed ? 'Write a reply…' : 'How can we help?'}
        sending={sending}
        onSend={send}
        autoFocus
      />
    </section>
  );
}
