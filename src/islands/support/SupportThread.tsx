import { forwardRef } from 'react';
import { formatDate } from '../../lib/format/dates';
import type { SupportMessagePayload } from '../../lib/support-types';

interface Props {
  messages: SupportMessagePayload[];
  /** True on the team's page: the team's answers are 'mine'. */
  asSupport: boolean;
}

/** The messages of a support conversation, oldest first, with a line for each new day. */
export const SupportThread = forwardRef<HTMLOListElement, Props>(function SupportThread({ messages, asSupport }, ref) {
  return (
    <ol className="support-thread" ref={ref}>
      {messages.map((m, i) => {
        const mine = m.from_support === asSupport;
        const day = formatDate(m.created_at);
        const newDay = i === 0 || formatDate(messages[i - 1]!.created_at) !== day;
        return (
          <li key={m.id} className={`support-msg${mine ? ' support-msg--mine' : ''}`} data-message-id={m.id}>
            {newDay && (
              <p className="support-thread__day" suppressHydrationWarning>
                {day}
              </p>
            )}
            <p className="support-msg__meta">
              <strong>{mine ? 'You' : m.author_name}</strong>{' '}
              <time dateTime={m.created_at} suppressHydrationWarning>
                {formatDate(m.created_at, 'h:mm A')}
              </time>
            </p>
            <p className="support-msg__bubble">{m.content ?? '…'}</p>
          </li>
        );
      })}
    </ol>
  );
});
