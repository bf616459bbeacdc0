/**
 * The fixed clock of the tests (issue 18, "a test suite that passes on every day of the week"; issue 35,
 * "tests independent of the day"): the server reads TEST_CLOCK as now for its calendar rules and its
 * measurement, and the tests compute their dates from the same instant.
 *
 * The default is a Monday, 06:30 UTC: still Sunday evening in the Americas, already Monday afternoon in
 * Asia, so the time-zone rule of upcoming slots is exercised on every run. TEST_CLOCK picks another one
 * of the four clocks by name (monday, thursday, month-end, before-midnight) or any ISO-8601 instant;
 * `npm run test:clocks` runs the tests of the clock-dependent rules under the other three (docs/testing.md).
 */
import { addDays, dayIn } from '../../src/lib/slots';

/** The four clocks the clock-dependent rules are tested under. */
export const TEST_CLOCKS = {
  /** A Monday morning in UTC, Sunday evening in the Americas. */
  monday: '2026-11-23T06:30:00.000Z',
  /** A Thursday (the weekday count's epoch), mid-afternoon. */
  thursday: '2026-11-26T15:00:00.000Z',
  /** The last day of a month (November has 30 days): tomorrow is another month. */
  'month-end': '2026-11-30T12:00:00.000Z',
  /** 30 seconds before a UTC midnight (a Tuesday): a run that took real time would cross into Wednesday. */
  'before-midnight': '2026-11-24T23:59:30.000Z',
} as const;

export type TestClockName = keyof typeof TEST_CLOCKS;

/** The instant TEST_CLOCK names (a clock's name or an ISO-8601 instant); the Monday when unset. */
export function resolveTestClock(raw: string | undefined): Date {
  const value = raw ? (TEST_CLOCKS[raw as TestClockName] ?? raw) : TEST_CLOCKS.monday;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) throw new Error(`TEST_CLOCK must be one of ${Object.keys(TEST_CLOCKS).join(', ')} or an ISO-8601 instant, not "${raw}".`);
  return at;
}

export const TEST_NOW = resolveTestClock(process.env.TEST_CLOCK);

/** The test clock's day in a time zone (UTC by default). */
export function testToday(timeZone = 'UTC'): string {
  return dayIn(TEST_NOW, timeZone);
}

/** A day relative to the test clock's UTC day. */
export function testDay(offset: number): string {
  return addDays(testToday(), offset);
}
