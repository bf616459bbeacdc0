/**
 * A short-lived per-user cache of the shell's figures, so a signed-in page does not recount badges,
 * brand stats and notifications on every render. An entry lives SHELL_CACHE_MS at most and is dropped
 * at once when anything it is computed from is written (any insert, update or delete of those tables
 * through a database client: the user's own actions, other users' actions, jobs, seeds), in this
 * process directly and in every other instance through the `shell` invalidation topic (cache/notify.ts).
 */
import { publishInvalidation, onInvalidation } from '../cache/notify';
import { onTableWrite } from '../db/client';

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

interface Entry<T> {
  at: number;
  generation: number;
  value: Promise<T>;
}

const KEY = Symbol.for('cuepoint.shell-cache');
type Holder = { [KEY]?: { entries: Map<number, Entry<unknown>>; generation: number; publishing: boolean } };
const TOPIC = 'shell';

function state() {
  const holder = globalThis as Holder;
  if (!holder[KEY]) {
    const created = { entries: new Map<number, Entry<unknown>>(), generation: 0, publishing: false };
    holder[KEY] = created;
    onTableWrite((table) => {
      if (SOURCES.has(table)) invalidateShellFigures();
    });
    // Another instance wrote (or this one's notices were missed: key null): drop everything here too.
    onInvalidation(TOPIC, () => dropAll());
  }
  return holder[KEY];
}

function dropAll(): void {
  const s = state();
  s.generation++;
  s.entries.clear();
}

/**
 * Drops every cached figure here at once and tells the other instances (one notice per event-loop
 * turn, however many rows a change writes).
 */
export function invalidateShellFigures(): void {
  dropAll();
  const s = state();
  if (s.publishing) return;
  s.publishing = true;
  setImmediate(() => {
    s.publishing = false;
    publishInvalidation(TOPIC, '*').catch((error: unknown) =>
      console.error('[shell] could not publish an invalidation:', error instanceof Error ? error.message : error),
    );
  });
}

/** The user's figures from the cache, or loaded (once, however many requests ask at the same time). */
export function cachedShellFigures<T>(userId: number, load: () => Promise<T>): Promise<T> {
  const s = state();
  const now = Date.now();
  const hit = s.entries.get(userId) as Entry<T> | undefined;
  if (hit && now - hit.at < SHELL_CACHE_MS && hit.generation === s.generation) return hit.value;
  const generation = s.generation;
  const value = load();
  const entry: Entry<T> = { at: now, generation, value };
  s.entries.set(userId, entry);
  // A failed load is not kept; neither is one that a write overtook while it ran.
  const drop = () => {
    if (s.entries.get(userId) === entry) s.entries.delete(userId);
  };
  value.then(() => {
    if (s.generation !== generation) drop();
  }, drop);
  return value;
}
