/**
 * The fixed clock of the API tests (issue 18, "a test suite that passes on every day of the week"):
 * the server reads TEST_CLOCK as now for its calendar rules, and the tests compute their dates from the
 * same instant. A Monday, 06:30 UTC: still Sunday evening in the Americas, already Monday afternoon in
 * Asia, so the time-zone rule of upcoming slots is exercised on every run.
 */
import { addDays, dayIn } from '../../src/lib/slots';

export const TEST_NOW = new Date('2026-11-23T06:30:00.000Z');

/** The test clock's day in a time zone (UTC by default). */
export function testToday(timeZone = 'UTC'): string {
  return dayIn(TEST_NOW, timeZone);
}

/** A day relative to the test clock's UTC day. */
export function testDay(offset: number): string {
  return addDays(testToday(), offset);
}
