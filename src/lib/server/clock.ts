/**
 * The clock of the product's calendar rules: which day it is for a slot, an air date, a campaign's
 * delivery date or its expiry. Real time, except under APP_ENV=test with TEST_CLOCK set, where it is
 * that fixed instant, so no test depends on the day or the hour it runs. Durations (token lifetimes,
 * throttles, leases) keep reading real time.
 */
import { config } from './config';
import { dayIn } from '../slots';

/** The instant the calendar rules read as now. */
export function now(): Date {
  const fixed = config().testClock;
  return fixed ? new Date(fixed) : new Date();
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
