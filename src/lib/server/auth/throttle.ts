/** Fixed-window rate limits kept in the database, so every instance behind a load balancer shares them. */
import { eq, sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { rateLimits } from '../db/schema';
import { HttpError } from '../http';

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
