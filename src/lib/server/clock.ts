/**
 * The clock of the product's calendar rules: which day it is for a slot, an air date, a campaign's
 * delivery date or its expiry, whether an episode is scheduled, and the instant downloads and visits are
 * dated by (measurement reads the same clock). Real time, except under APP_ENV=test with TEST_CLOCK set,
 * where it is that fixed instant, so no test depends on the day or the hour it runs; a test may set
 * another instant (POST /api/dev/clock {at}, or setTestClock) to run a rule under each of the four test
 * clocks (docs/testing.md). Durations (token lifetimes, throttles, leases) keep reading real time.
 */
import { config } from './config';
import { dayIn } from '../slots';

// The instant a test set (APP_ENV=test only): on globalThis, so the built server and the tests' own
// imports of this module, in one process, read the same one.
const SET_AT = Symbol.for('cuepoint.test-clock.at');
const setHolder = globalThis as { [SET_AT]?: number };

/** The instant the calendar rules read as now. */
export function now(): Date {
  const c = config();
  const set = c.env === 'test' ? setHolder[SET_AT] : undefined;
  if (set !== undefined) return new Date(set);
  return c.testClock ? new Date(c.testClock) : new Date();
}

/** Sets the calendar clock to an instant, or back to TEST_CLOCK with null (APP_ENV=test only). */
export function setTestClock(at: Date | null): void {
  if (config().env !== 'test') throw new Error('The calendar clock can only be set when APP_ENV=test.');
  if (at === null) delete setHolder[SET_AT];
  else setHolder[SET_AT] = at.getTime();
}

/** Today, 'YYYY-MM-DD', in an IANA time zone (UTC when none is given). */
export function today(timeZone = 'UTC'): string {
  return dayIn(now(), timeZone);
}

/**
 * The clock of the step-up window (a sensitive action asks for a second factor again once the last
 * proof is 10 minutes old): real time, plus what a test moved it forward by. Only APP_ENV=test may move
 * it (POST /api/dev/clock), so a test checks the 10 minutes without waiting them; every other duration
 * (tokens, throttles, leases, authenticator codes) keeps reading real time.
 */
const ADVANCED_MS = Symbol.for('cuepoint.session-clock.advanced-ms');
const advancedHolder = globalThis as { [ADVANCED_MS]?: number };

/** Now, in milliseconds, as the step-up window reads it. */
export function sessionClockNow(): number {
  return Date.now() + (config().env === 'test' ? (advancedHolder[ADVANCED_MS] ?? 0) : 0);
}

/** Moves the step-up clock forward (APP_ENV=test only); answers by how much it now runs ahead of real time. */
export function advanceSessionClock(ms: number): number {
  if (config().env !== 'test') throw new Error('The session clock can only be moved when APP_ENV=test.');
  advancedHolder[ADVANCED_MS] = (advancedHolder[ADVANCED_MS] ?? 0) + ms;
  return advancedHolder[ADVANCED_MS];
}
