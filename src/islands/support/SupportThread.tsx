import { forwardRef } from 'react';
import { formatDate, formatLocal } from '../../lib/format/dates';
import { useAfterHydration } from '../../lib/stores/hydrated';
import type { SupportMessagePayload } from '../../lib/support-types';

interface Props {
  messages: SupportMessagePayload[];
  /** True on the team's page: the team's answers are 'mine'. */
  asSupport: boolean;
}

/** The messages of a support conversation, oldest first, with a line for each new day. */
export const SupportThread = forwardRef<HTMLOListElement, Props>(function SupportThread({ messages, asSupport }, ref) {
  // Days and times in the reader's time zone once hydrated; the server and the first render both use UTC.
  const local = useAfterHydration();
  const dayOf = (iso: string) => (local ? formatLocal(iso) : formatDate(iso));
  const timeOf = (iso: string) => (local ? formatLocal(iso, 'h:mm A') : formatDate(iso, 'h:mm A [UTC]'));
  return (
    <ol className="support-thread" ref={ref}>
      {messages.map((m, i) => {
        const mine = m.from_support === asSupport;
        const day = dayOf(m.created_at);
        const newDay = i === 0 || dayOf(messages[i - 1]!.created_at) !== day;
        return (
          <li key={m.id} className={`support-msg${mine ? ' support-msg--mine' : ''}`} data-message-id={m.id}>
            {newDay && <p className="support-thread__day">{day}</p>}
            <p className="support-msg__meta">
              <strong>{mine ? 'You' : m.author_name}</strong> <time dateTime={m.created_at}>{timeOf(m.created_at)}</time>
            </p>
            <p className="support-msg__bubble">{m.content ?? '…'}</p>
          </li>
        );
      })}
    </ol>
  );
});
