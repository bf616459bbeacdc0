/**
 * One ad's dates in the proposal wizard, chosen on a month calendar: the show's schedule (open, unavailable and
 * booked slots of the ad's type) and the campaign's "delivery by" day, with the picked days listed under it.
 */
import { useState } from 'react';
import { formatDate } from '../../lib/format/dates';
import { MonthHead, WeekdayRow } from '../../components/MonthCalendar';
import { monthOf, monthWeeks, type CalendarSlot, type SlotStatus } from '../../lib/slots';

interface Props {
  /** The ad's name ("Sponsorship", "Host-Read"), used in every label. */
  title: string;
  /** The podcast's slots of this ad's type, soonest first. */
  slots: CalendarSlot[];
  /** The campaign's delivery date, if it has one. */
  deliveryBy: string | null;
  picked: string[];
  /** How many days may be picked (the ad's episodes). */
  limit: number;
  onChange: (dates: string[]) => void;
}

const STATUS_TEXT: Record<Exclude<SlotStatus, 'available'>, string> = { unavailable: 'Unavailable', booked: 'Booked' };

/** The month a calendar opens on: the first picked day's, else the first open day's, else the first slot's. */
function firstMonth(slots: CalendarSlot[], picked: string[]): string | null {
  const day = [...picked].sort()[0] ?? slots.find((s) => s.status === 'available')?.date ?? slots[0]?.date;
  return day ? monthOf(day) : null;
}

export function DateCalendar({ title, slots, deliveryBy, picked, limit, onChange }: Props) {
  const status = new Map(slots.map((s) => [s.date, s.status]));
  for (const d of picked) status.set(d, 'available');
  const months = [...new Set([...slots.map((s) => monthOf(s.date)), ...picked.map(monthOf)])].sort();
  const [month, setMonth] = useState(() => firstMonth(slots, picked));
  if (!month || months.length === 0) return null;
  const at = months.indexOf(month);
  // The months with slots or picked days, in order (a month without either has nothing to choose).
  const step = (by: number) => setMonth(months[at + by] ?? month);
  const full = picked.length >= limit;
  const late = deliveryBy ? picked.filter((d) => d > deliveryBy) : [];
  const toggle = (day: string, on: boolean) => onChange(on ? [...picked, day].sort() : picked.filter((d) => d !== day));
  const monthLabel = formatDate(`${month}-01`, 'MMMM YYYY');

  return (
    <div className="date-cal">
      <p className="cp-m-0 cp-small">
        {deliveryBy ? (
          <>
            The campaign wants its ads delivered by <strong>{formatDate(deliveryBy, 'ddd, MMM D, YYYY')}</strong>.{' '}
          </>
        ) : (
          'The campaign has a flexible delivery date. '
        )}
        {picked.length === 0 ? `Pick ${limit} day${limit > 1 ? 's' : ''}.` : null}
      </p>
      <MonthHead
        label={monthLabel}
        onPrevious={() => step(-1)}
        onNext={() => step(1)}
        previousDisabled={at <= 0}
        nextDisabled={at === -1 || at >= months.length - 1}
        previousLabel={`Previous month of ${title} dates`}
        nextLabel={`Next month of ${title} dates`}
      />
      <div className="slot-cal__grid" role="table" aria-label={`${title} dates, ${monthLabel}`}>
        <WeekdayRow />
        {monthWeeks(month).map((week) => (
          <div key={week.find(Boolean)} className="slot-cal__row" role="row">
            {week.map((day, i) => {
              if (!day) return <div key={`b${i}`} className="slot-cal__day slot-cal__day--blank" role="cell" />;
              const s = status.get(day);
              const checked = picked.includes(day);
              const isDue = day === deliveryBy;
              const after = !!deliveryBy && day > deliveryBy;
              const cls = [
                'slot-cal__day',
                'date-cal__day',
                s ? `date-cal__day--${s}` : 'slot-cal__day--off',
                after ? 'date-cal__day--late' : '',
                checked ? 'date-cal__day--picked' : '',
              ]
                .filter(Boolean)
                .join(' ');
              return (
                <div key={day} className={cls} role="cell">
                  {s === 'available' ? (
                    <label className="date-cal__pick" title={after ? 'After the campaign’s delivery date' : undefined}>
                      <span className="slot-cal__num">{Number(day.slice(8))}</span>
                      <input
                        type="checkbox"
                        checked={checked}
                        disabled={!checked && full}
                        onChange={(e) => toggle(day, e.target.checked)}
                        aria-label={`${title} on ${formatDate(day)}`}
                      />
                    </label>
                  ) : (
                    <>
                      <span className="slot-cal__num">{Number(day.slice(8))}</span>
                      {s && <span className="date-cal__status">{STATUS_TEXT[s]}</span>}
                    </>
                  )}
                  {isDue && (
                    <span className="date-cal__due">
                      <span className="date-cal__due-text">Delivery by</span>
                    </span>
                  )}
                </div>
              );
            })}
          </div>
        ))}
      </div>
      <div className="slot-legend date-cal__legend" aria-hidden="true">
        <span className="date-cal__key date-cal__key--open">Open slot</span>
        <span className="date-cal__key date-cal__key--picked">Picked</span>
        <span className="date-cal__key date-cal__key--closed">Unavailable or booked</span>
        {deliveryBy && <span className="date-cal__key date-cal__key--due">Delivery by</span>}
        {deliveryBy && <span className="date-cal__key date-cal__key--late">After delivery by</span>}
      </div>
      {picked.length > 0 && (
        <ul className="date-cal__chosen" aria-label={`Picked ${title} dates`}>
          {picked.map((d) => (
            <li key={d}>
              <span>{formatDate(d, 'ddd, MMM D, YYYY')}</span>
              <button type="button" className="date-cal__remove" onClick={() => toggle(d, false)} aria-label={`Remove ${formatDate(d)}`}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {late.length > 0 && (
        <p className="banner banner--warning cp-m-0">
          {late.map((d) => formatDate(d, 'MMM D')).join(', ')} {late.length > 1 ? 'are' : 'is'} after the campaign’s delivery date; the brand may ask for
          earlier days.
        </p>
      )}
    </div>
  );
}
