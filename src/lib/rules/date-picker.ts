/**
 * Pure calendar rules of the date picker. Days are 'YYYY-MM-DD' strings, compared as text
 * and computed in UTC, so no time zone can shift them.
 */
import { addDays, weekday } from '../slots';

/** Weeks start on Sunday (core §9). */
export const WEEK_STARTS_ON = 0;
export const WEEKDAY_SHORT = ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'] as const;
export const WEEKDAY_LONG = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

export interface CalendarDay {
  /** 'YYYY-MM-DD' */
  date: string;
  /** Day of the month, 1-31. */
  day: number;
  /** False for the leading and trailing days of the neighbouring months. */
  inMonth: boolean;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** 'YYYY-MM-DD' of a UTC date. */
function isoOf(d: Date): string {
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** Parses 'YYYY-MM-DD' (a longer ISO string is cut to its day) into a UTC date, or null. */
export function parseDay(day: string | null | undefined): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(day ?? '');
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return isoOf(d) === m[0] ? d : null;
}

/** Today as 'YYYY-MM-DD' in the browser's own time zone (the server's calendar day is clock.ts `today`). */
export function localToday(now: Date = new Date()): string {
  return `${pad(now.getFullYear(), 4)}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Adds months to a 'YYYY-MM-DD' day, clamping to the last day of the target month (Jan 31 + 1 → Feb 28/29). */
export function addMonths(day: string, n: number): string {
  const d = parseDay(day);
  if (!d) return day;
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + n;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return isoOf(new Date(Date.UTC(y, m, Math.min(d.getUTCDate(), last))));
}

/** The weeks (Sunday to Saturday) covering a month; `month` is 0-11. Leading and trailing days fill the first and last week. */
export function monthGrid(year: number, month: number): CalendarDay[][] {
  const first = new Date(Date.UTC(year, month, 1));
  const start = new Date(first);
  start.setUTCDate(1 - ((first.getUTCDay() - WEEK_STARTS_ON + 7) % 7));
  const weeks: CalendarDay[][] = [];
  const cursor = start;
  do {
    const week: CalendarDay[] = [];
    for (let i = 0; i < 7; i++) {
      week.push({ date: isoOf(cursor), day: cursor.getUTCDate(), inMonth: cursor.getUTCMonth() === first.getUTCMonth() });
      cursor.setUTCDate(cursor.getUTCDate() + 1);
    }
    weeks.push(week);
  } while (cursor.getUTCMonth() === first.getUTCMonth());
  return weeks;
}

export interface DayBounds {
  /** Earliest selectable day, 'YYYY-MM-DD'. */
  min?: string | null;
  /** Latest selectable day, 'YYYY-MM-DD'. */
  max?: string | null;
}

/** True when a day is outside the optional min and max (core §5). */
export function isDayDisabled(day: string, { min, max }: DayBounds = {}): boolean {
  const d = day.slice(0, 10);
  return (!!min && d < min.slice(0, 10)) || (!!max && d > max.slice(0, 10));
}

/** Keeps at most `limit` distinct dates, in their order; the extras are trimmed (core §5). No limit (or ≤ 0) keeps all. */
export function limitDates(dates: readonly string[], limit?: number | null): string[] {
  const unique = [...new Set(dates)];
  return limit && limit > 0 ? unique.slice(0, limit) : unique;
}

/** Adds a day to a multi-date selection, or removes it when already selected; the result respects the limit. */
export function toggleDate(dates: readonly string[], day: string, limit?: number | null): string[] {
  const next = dates.includes(day) ? dates.filter((d) => d !== day) : [...dates, day];
  return limitDates(next, limit);
}

export type Period = 'AM' | 'PM';

/** 0-23 → 12-hour clock: 0 → 12 AM, 12 → 12 PM, 15 → 3 PM. */
export function to12Hour(hour24: number): { hour: number; period: Period } {
  const h = ((Math.trunc(hour24) % 24) + 24) % 24;
  return { hour: h % 12 === 0 ? 12 : h % 12, period: h < 12 ? 'AM' : 'PM' };
}

/** 12-hour clock → 0-23: 12 AM → 0, 12 PM → 12, 3 PM → 15. */
export function to24Hour(hour12: number, period: Period): number {
  const h = hour12 % 12;
  return period === 'PM' ? h + 12 : h;
}

/** 'HH:mm' → 'h:mm AM' (12-hour time, core §9). */
export function formatTime12(time: string): string {
  const m = /^(\d{1,2}):(\d{2})/.exec(time);
  if (!m) return '';
  const { hour, period } = to12Hour(Number(m[1]));
  return `${hour}:${m[2]} ${period}`;
}

/**
 * Calendar grid keyboard moves (WAI-ARIA date picker pattern): arrows by day and week,
 * Home/End to the week's Sunday/Saturday, Page Up/Down by month (with Shift by year).
 * Returns the day to focus, or null for other keys.
 */
export function dayAfterKey(day: string, key: string, shiftKey = false): string | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(day, -1);
    case 'ArrowRight':
      return addDays(day, 1);
    case 'ArrowUp':
      return addDays(day, -7);
    case 'ArrowDown':
      return addDays(day, 7);
    case 'Home':
      return addDays(day, -((weekday(day) - WEEK_STARTS_ON + 7) % 7));
    case 'End':
      return addDays(day, 6 - ((weekday(day) - WEEK_STARTS_ON + 7) % 7));
    case 'PageUp':
      return addMonths(day, shiftKey ? -12 : -1);
    case 'PageDown':
      return addMonths(day, shiftKey ? 12 : 1);
    default:
      return null;
  }
}

/** Moves a day inside the optional bounds. */
export function clampDay(day: string, { min, max }: DayBounds = {}): string {
  if (min && day < min.slice(0, 10)) return min.slice(0, 10);
  if (max && day > max.slice(0, 10)) return max.slice(0, 10);
  return day;
}

/** Splits 'YYYY-MM-DDTHH:mm' (or a space instead of T) into its day and 'HH:mm' ('' when absent). */
export function splitDateTime(value: string | null | undefined): { day: string; time: string } {
  const m = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}))?/.exec(value ?? '');
  return { day: m?.[1] ?? '', time: m?.[2] ?? '' };
}

/** Joins a day and an 'HH:mm' time as 'YYYY-MM-DDTHH:mm' (local wall time, no zone). */
export function joinDateTime(day: string, time: string): string {
  return time ? `${day}T${time}` : day;
}
