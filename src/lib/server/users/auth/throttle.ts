/**
 * Rate limits kept in the database, so every instance behind a load balancer shares them: fixed windows
 * (rate_limits) and growing delays after repeated failures (sign_in_delays).
 */
import { eq, sql } from 'drizzle-orm';
import { getDb, rateLimits, signInDelays } from '../../db';
import { HttpError } from '../../http';

export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

/** Seconds until the key may be tried again, or 0 when it is under its limit. */
export async function retryAfter({ key, max }: Limit): Promise<number> {
  const db = await getDb();
  const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key));
  if (!row || row.reset_at.getTime() <= Date.now() || row.hits < max) return 0;
  return Math.max(1, Math.ceil((row.reset_at.getTime() - Date.now()) / 1000));
}

/** Counts one hit against the key. */
export async function hit({ key, windowSeconds }: Limit): Promise<void> {
  const db = await getDb();
  const resetAt = new Date(Date.now() + windowSeconds * 1000);
  await db
    .insert(rateLimits)
    .values({ key, hits: 1, reset_at: resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${rateLimits.reset_at} <= now() then 1 else ${rateLimits.hits} + 1 end`,
        reset_at: sql`case when ${rateLimits.reset_at} <= now() then ${resetAt.toISOString()}::timestamptz else ${rateLimits.reset_at} end`,
      },
    });
}

/** Forgets the key (after a successful sign-in). */
export async function clear(key: string): Promise<void> {
  const db = await getDb();
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Throws 429 with Retry-After when any of the limits is exhausted. */
export async function assertNotThrottled(limits: Limit[], message = 'Too many attempts. Please try again later.'): Promise<void> {
  for (const limit of limits) {
    const wait = await retryAfter(limit);
    if (wait > 0) throw new HttpError(429, `${message.replace(/\.$/, '')} in ${wait} seconds.`, undefined, { 'Retry-After': String(wait) });
  }
}

/** Checks, then counts a hit: for actions limited by every call (resends, re-checks). */
export async function throttle(limit: Limit, message?: string): Promise<void> {
  await assertNotThrottled([limit], message);
  await hit(limit);
}

export interface GrowingDelay {
  key: string;
  /** Failures allowed before any delay. */
  free: number;
  /** The delay after the first failure past `free`; it doubles with each further one. */
  baseSeconds: number;
  maxSeconds: number;
  /** Failures are forgotten this long after the last one. */
  forgetSeconds: number;
}

/** Seconds until a growing-delay key may be tried again (0 when it may now). */
export async function delayRemaining(limit: GrowingDelay): Promise<number> {
  const db = await getDb();
  const [row] = await db.select().from(signInDelays).where(eq(signInDelays.key, limit.key));
  if (!row || row.forget_at.getTime() <= Date.now()) return 0;
  const wait = row.blocked_until.getTime() - Date.now();
  return wait > 0 ? Math.ceil(wait / 1000) : 0;
}

/** Counts a failure: past `free` failures, the key waits baseSeconds × 2^(n − free − 1), up to maxSeconds. */
export async function addFailure(limit: GrowingDelay): Promise<void> {
  const db = await getDb();
  const { key, free, baseSeconds, maxSeconds, forgetSeconds } = limit;
  const forgetAt = new Date(Date.now() + forgetSeconds * 1000);
  const failures = sql`case when ${signInDelays.forget_at} <= now() then 1 else ${signInDelays.failures} + 1 end`;
  await db
    .insert(signInDelays)
    .values({ key, failures: 1, blocked_until: new Date(free < 1 ? Date.now() + baseSeconds * 1000 : 0), forget_at: forgetAt })
    .onConflictDoUpdate({
      target: signInDelays.key,
      set: {
        failures,
        blocked_until: sql`now() + make_interval(secs => case when (${failures}) <= ${free} then 0 else least(${maxSeconds}, ${baseSeconds} * power(2, least(30, (${failures}) - ${free} - 1))) end)`,
        forget_at: forgetAt,
      },
    });
}

/** Forgets a growing-delay key (after a successful sign-in). */
export async function clearFailures(key: string): Promise<void> {
  const db = await getDb();
  await db.delete(signInDelays).where(eq(signInDelays.key, key));
}
