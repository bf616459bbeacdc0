/**
 * The parts both month calendars share (the slot calendar under Manage podcasts and the proposal wizard's
 * dates): the month's heading between its previous and next buttons, and the row of weekday names. The
 * grid's styles are `slot-cal__*` (podcasters.css).
 */
import { WEEKDAY_NAMES } from '../lib/slots';

interface MonthHeadProps {
  /** "December 2026", announced when it changes. */
  label: string;
  onPrevious: () => void;
  onNext: () => void;
  previousDisabled: boolean;
  nextDisabled: boolean;
  /** What the buttons are called for assistive technology ("Previous month", "Previous month of Sponsorship dates"). */
  previousLabel: string;
  nextLabel: string;
}

export function MonthHead({ label, onPrevious, onNext, previousDisabled, nextDisabled, previousLabel, nextLabel }: MonthHeadProps) {
  return (
    <div className="slot-cal__head">
      <button type="button" className="cp-button" onClick={onPrevious} disabled={previousDisabled} aria-label={previousLabel}>
        ‹
      </button>
      <h3 aria-live="polite" className="cp-m-0">
        {label}
      </h3>
      <button type="button" className="cp-button" onClick={onNext} disabled={nextDisabled} aria-label={nextLabel}>
        ›
      </button>
    </div>
  );
}

/** The table's header row: Sun … Sat, each named in full for assistive technology. */
export function WeekdayRow() {
  return (
    <div className="slot-cal__row" role="row">
      {WEEKDAY_NAMES.map((n) => (
        <div key={n} className="slot-cal__dow" role="columnheader" aria-label={n}>
          {n.slice(0, 3)}
        </div>
      ))}
    </div>
  );
}
