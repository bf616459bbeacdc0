/**
 * A short-lived per-user cache of the shell's figures, so a signed-in page does not recount badges,
 * brand stats and notifications on every render: dropped at once when anything it is computed from is
 * written, here and in every other instance (cache/write-invalidated.ts).
 */
import { writeInvalidatedCache } from '../cache';

/** The longest an entry lives, whatever happens (a write whose notice was lost shows by then). */
export const SHELL_CACHE_MS = 5_000;

/** The tables the shell's figures are computed from (shell-data.ts, stats/brand-stats.ts). */
// Not `users`: the shell reads only last_seen_at there (online dots), and every active user writes it once a minute.
const SOURCES = new Set([
  'notifications',
  'discussions',
  'discussion_users',
  'messages',
  'hirings',
  'campaigns',
  'packages',
  'package_jobs',
  'podcasts',
  'hosted_podcasts',
  'support_conversations',
  'support_messages',
]);

const cache = writeInvalidatedCache<number, unknown>('shell', SOURCES, SHELL_CACHE_MS);

/** Drops every cached figure here at once and tells the other instances. */
export function invalidateShellFigures(): void {
  cache.invalidate();
}

/** The user's figures from the cache, or loaded (once, however many requests ask at the same time). */
export function cachedShellFigures<T>(userId: number, load: () => Promise<T>): Promise<T> {
  return cache.get(userId, load) as Promise<T>;
}
