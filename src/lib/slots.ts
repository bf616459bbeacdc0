/**
 * The slot calendar's pure rules (core §4, §9): scheduled days derive from a podcast's
 * schedule_settings (days of the week, a frequency in weeks, start_from) over the next 12 months;
 * each scheduled day holds one host-read and one sponsorship slot. Dates are 'YYYY-MM-DD' strings and
 * all arithmetic is on whole UTC days, so no time zone or daylight-saving change can shift a date.
 */
import { SLOT_CALENDAR_MONTHS } from './constants';

export type SlotType = 'sponsorship' | 'host';
export type SlotStatus = 'available' | 'unavailable' | 'booked';
export const SLOT_TYPES: SlotType[] = ['sponsorship', 'host'];

export interface ScheduleSettings {
  /** Days of the week, 0 = Sunday … 6 = Saturday. */
  days: number[];
  /** Every n-th week, counted from the week of start_from (weeks start on Sunday). */
  frequency: number;
  /** The first day the schedule applies, 'YYYY-MM-DD'. */
  start_from: string;
}

/** A stored slot record: an unavailable (or booked) slot of one type on one day. */
export interface SlotRecord {
  /** null for a day booked by a hired proposal that has no slot row of its own. */
  id: number | null;
  type: SlotType;
  date: string;
  status: SlotStatus;
}

export interface CalendarSlot {
  date: string;
  type: SlotType;
  status: SlotStatus;
  /** The stored record behind an unavailable or booked slot; null for an available one. */
  id: number | null;
}

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar day written 'YYYY-MM-DD'. */
export function isDay(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = DAY_RE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo);
}

/** Days in a month (1-12) of a year, leap years included. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Whole days since 1970-01-01 for a 'YYYY-MM-DD' day. */
export function dayNumber(day: string): number {
  const m = DAY_RE.exec(day);
  if (!m) throw new RangeError(`Not a day: ${day}`);
  return Math.round(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / 86_400_000);
}

/** The 'YYYY-MM-DD' day of a day number. */
export function dayString(n: number): string {
  return new Date(n * 86_400_000).toISOString().slice(0, 10);
}

/** Adds days to a day. */
export function addDays(day: string, days: number): string {
  return dayString(dayNumber(day) + days);
}

/** Adds months to a day, keeping the day of the month when it exists (Jan 31 + 1 month = Feb 28/29). */
export function addMonthsToDay(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const date = Math.min(d, daysInMonth(year, month));
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
}

/** Day of the week, 0 = Sunday. */
export function weekday(day: string): number {
  return (((dayNumber(day) + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday
}

/** The zone a podcast's calendar is kept in when its owner has not chosen one. */
export const DEFAULT_TIME_ZONE = 'UTC';

/** The zones offered in the schedule form (the API takes any IANA zone). */
export const COMMON_TIME_ZONES = [
  'UTC',
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
  'America/Toronto',
  'America/Vancouver',
  'America/Mexico_City',
  'America/Bogota',
  'America/Sao_Paulo',
  'America/Argentina/Buenos_Aires',
  'Europe/London',
  'Europe/Dublin',
  'Europe/Lisbon',
  'Europe/Madrid',
  'Europe/Paris',
  'Europe/Amsterdam',
  'Europe/Berlin',
  'Europe/Rome',
  'Europe/Stockholm',
  'Europe/Warsaw',
  'Europe/Athens',
  'Europe/Istanbul',
  'Africa/Lagos',
  'Africa/Nairobi',
  'Africa/Johannesburg',
  'Asia/Dubai',
  'Asia/Kolkata',
  'Asia/Singapore',
  'Asia/Manila',
  'Asia/Hong_Kong',
  'Asia/Shanghai',
  'Asia/Seoul',
  'Asia/Tokyo',
  'Australia/Perth',
  'Australia/Brisbane',
  'Australia/Sydney',
  'Pacific/Auckland',
] as const;

/** True for an IANA time zone name the runtime knows ('America/Chicago', 'UTC'). */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || !value || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day, 'YYYY-MM-DD', that an instant falls on in an IANA time zone. */
export function dayIn(instant: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/**
 * THE rule of upcoming slots: a slot is upcoming until its day ends in the podcast's time zone, so the
 * first upcoming day is the podcast's own today (a Monday slot still counts all Monday long in the
 * show's zone, whatever the server's or the viewer's zone says). Calendars, upcoming lists, proposals
 * and air dates all start from this day.
 */
export function firstUpcomingDay(now: Date, timeZone: string | null | undefined): string {
  return dayIn(now, isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE);
}

/** The local calendar day of a moment as 'YYYY-MM-DD' (the browser's or server's own day). */
export function localDay(now: Date = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** Reads schedule_settings as stored; null when absent or malformed. */
export function readSchedule(value: unknown): ScheduleSettings | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Partial<ScheduleSettings>;
  if (!Array.isArray(v.days) || !isDay(v.start_from)) return null;
  const days = [...new Set(v.days.filter((d): d is number => Number.isInteger(d) && d >= 0 && d <= 6))].sort();
  const frequency = Number.isInteger(v.frequency) && (v.frequency as number) >= 1 ? (v.frequency as number) : 1;
  return { days, frequency, start_from: v.start_from };
}

/** The last day of the calendar that starts on `from` (12 months, end exclusive). */
export function calendarEnd(from: string, months = SLOT_CALENDAR_MONTHS): string {
  return addMonthsToDay(from, months);
}

/** True when the schedule puts an episode on that day. */
export function isScheduledDay(settings: ScheduleSettings, day: string): boolean {
  if (!settings.days.length || day < settings.start_from) return false;
  const wd = weekday(day);
  if (!settings.days.includes(wd)) return false;
  const startWeek = dayNumber(settings.start_from) - weekday(settings.start_from);
  const week = Math.floor((dayNumber(day) - wd - startWeek) / 7);
  return week % Math.max(1, settings.frequency) === 0;
}

/** The scheduled days from `from` (inclusive) for the next `months` months (exclusive end). */
export function scheduledDays(settings: ScheduleSettings | null, from: string, months = SLOT_CALENDAR_MONTHS): string[] {
  if (!settings || !settings.days.length) return [];
  const out: string[] = [];
  const end = dayNumber(calendarEnd(from, months));
  for (let n = dayNumber(from); n < end; n++) {
    const day = dayString(n);
    if (isScheduledDay(settings, day)) out.push(day);
  }
  return out;
}

/**
 * The calendar: two slots (sponsorship, host) per scheduled day, marked unavailable or booked where a
 * record says so; a booked record on a day off the schedule still shows, as it holds a real ad.
 */
export function deriveSlots(settings: ScheduleSettings | null, records: SlotRecord[], from: string, months = SLOT_CALENDAR_MONTHS): CalendarSlot[] {
  const end = calendarEnd(from, months);
  const byKey = new Map(records.map((r) => [`${r.date}|${r.type}`, r]));
  const out: CalendarSlot[] = [];
  const seen = new Set<string>();
  for (const date of scheduledDays(settings, from, months)) {
    for (const type of SLOT_TYPES) {
      const key = `${date}|${type}`;
      const record = byKey.get(key);
      seen.add(key);
      out.push({ date, type, status: record ? (record.status === 'booked' ? 'booked' : 'unavailable') : 'available', id: record?.id ?? null });
    }
  }
  for (const r of records) {
    if (r.status === 'booked' && !seen.has(`${r.date}|${r.type}`) && r.date >= from && r.date < end)
      out.push({ date: r.date, type: r.type, status: 'booked', id: r.id });
  }
  return out.sort((a, b) => (a.date === b.date ? a.type.localeCompare(b.type) : a.date < b.date ? -1 : 1));
}

/** The available days of one slot type. */
export function availableDays(slots: CalendarSlot[], type: SlotType): string[] {
  return slots.filter((s) => s.type === type && s.status === 'available').map((s) => s.date);
}

/** The month key 'YYYY-MM' of a day. */
export const monthOf = (day: string) => day.slice(0, 7);

/** A month ('YYYY-MM') as weeks of seven cells from Sunday; null is a day of the month before or after. */
export function monthWeeks(month: string): (string | null)[][] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const days = Array.from({ length: daysInMonth(y, m) }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
  const cells: (string | null)[] = [...Array.from({ length: weekday(`${month}-01`) }, () => null), ...days];
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
}

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
