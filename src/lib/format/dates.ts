import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(relativeTime);
dayjs.extend(utc);

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The default display format of dates: month/day/year. */
export const DEFAULT_DATE_FORMAT = 'MM/DD/YYYY';

export type DateInput = string | number | Date | null | undefined;

/**
 * Formats a date (ISO text, epoch ms or Date) with a dayjs format, month/day/year by default.
 * Date-only text ('2024-03-05') is read as a calendar day, never shifted by the time zone; an instant is
 * written as its UTC date, so the server's page and the browser's hydration write the same text whatever
 * the reader's time zone (a mismatch is React error #418). Returns '' for an empty or invalid date.
 */
export function formatDate(iso: DateInput, fmt: string = DEFAULT_DATE_FORMAT): string {
  if (iso === null || iso === undefined || iso === '') return '';
  const d = typeof iso === 'string' && DATE_ONLY.test(iso) ? dayjs(iso) : dayjs.utc(iso);
  return d.isValid() ? d.format(fmt) : '';
}

/**
 * Formats an instant in the reader's own time zone (a day heading, a time of day). The server cannot know
 * that zone: render it only after hydration (useAfterHydration), with formatDate's UTC text before.
 */
export function formatLocal(iso: DateInput, fmt: string = DEFAULT_DATE_FORMAT): string {
  if (iso === null || iso === undefined || iso === '') return '';
  const d = dayjs(iso);
  return d.isValid() ? d.format(fmt) : '';
}

/** Time from now as used by notifications ("a few seconds ago", "5 minutes ago", "2 days ago"). */
export function timeFromNow(iso: DateInput, now: DateInput = undefined): string {
  if (iso === null || iso === undefined || iso === '') return '';
  const d = dayjs(iso);
  if (!d.isValid()) return '';
  return now === undefined || now === null ? d.fromNow() : d.from(dayjs(now));
}
