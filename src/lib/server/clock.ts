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
