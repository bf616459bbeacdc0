/**
 * A short-lived in-process cache whose entries are dropped at once when any table they are computed
 * from is written: any insert, update or delete of those tables through a database client (the user's
 * own actions, other users' actions, jobs, seeds) drops this process's entries directly, and every
 * other instance's through the cache's invalidation topic (cache/notify.ts). An entry is fresh for
 * `ttlMs`; for as long again it is still answered while one load replaces it in the background (so a
 * hot key's expiry never makes requests wait on the database), and after that it is not answered at
 * all: a write whose notice was lost shows within 2 × `ttlMs`. A write drops entries at once (nothing
 * stale is answered after one). Concurrent misses of one key share one load; a load that a write
 * overtook while it ran is not kept.
 */
import { listenForInvalidations, onInvalidation, publishInvalidation } from './notify';
import { onTableWrite, tablesRead } from '../db';

export { tablesRead };

export interface WriteInvalidatedCache<K, T> {
  /** The cached value of `key`, or `load()`'s (once, however many callers ask at the same time). */
  get(key: K, load: () => Promise<T>): Promise<T>;
  /** Drops every entry here and in the other instances (one notice per event-loop turn). */
  invalidate(): void;
  /** Adds tables whose writes drop the entries. */
  watch(tables: Iterable<string>): void;
}

interface Entry<T> {
  at: number;
  generation: number;
  value: Promise<T>;
  /** The load has answered (a value, not an error: a failed load drops its entry). */
  settled: boolean;
  /** A load replacing this entry after its fresh time is under way. */
  refreshing: boolean;
}

interface State {
  /** Shared by every copy of this module (the server bundle has more than one entry). */
  sources: Set<string>;
  entries: Map<unknown, Entry<unknown>>;
  generation: number;
  publishing: boolean;
}

/** The most entries a cache keeps (keys may hold what a user typed, such as a search). */
const MAX_ENTRIES = 10_000;

/** The cache named `topic` (one per process, shared by every copy of this module). */
export function writeInvalidatedCache<K, T>(topic: string, sources: Iterable<string>, ttlMs: number): WriteInvalidatedCache<K, T> {
  const KEY = Symbol.for(`cuepoint.cache.${topic}`);
  const holder = globalThis as { [key: symbol]: State | undefined };

  const state = (): State => {
    let s = holder[KEY];
    if (!s) {
      const created: State = { sources: new Set(), entries: new Map(), generation: 0, publishing: false };
      s = created;
      holder[KEY] = created;
      onTableWrite((table) => {
        if (created.sources.has(table)) invalidate();
      });
      // Another instance wrote (or this one's notices were missed: key null): drop everything here too.
      onInvalidation(topic, () => dropAll());
    }
    return s;
  };
  for (const t of sources) state().sources.add(t);

  const dropAll = () => {
    const s = state();
    s.generation++;
    s.entries.clear();
  };

  const invalidate = () => {
    dropAll();
    const s = state();
    if (s.publishing) return;
    s.publishing = true;
    setImmediate(() => {
      s.publishing = false;
      publishInvalidation(topic, '*').catch((error: unknown) =>
        console.error(`[${topic}] could not publish an invalidation:`, error instanceof Error ? error.message : error),
      );
    });
  };

  /** Starts `load()` as `key`'s entry (replacing any), kept unless a write overtakes it or it fails. */
  const put = (key: K, load: () => Promise<T>, onSettled?: () => void): Entry<T> => {
    const s = state();
    listenForInvalidations();
    const generation = s.generation;
    const value = load();
    const entry: Entry<T> = { at: Date.now(), generation, value, settled: false, refreshing: false };
    const drop = () => {
      if (s.entries.get(key) === entry) s.entries.delete(key);
    };
    value.then(
      () => {
        entry.settled = true;
        if (s.generation !== generation) drop();
        onSettled?.();
      },
      () => {
        drop();
        onSettled?.();
      },
    );
    return entry;
  };

  const store = (key: K, entry: Entry<T>) => {
    const s = state();
    s.entries.delete(key);
    s.entries.set(key, entry);
    // Bounded: past MAX_ENTRIES the oldest entry goes (a Map keeps insertion order).
    if (s.entries.size > MAX_ENTRIES) s.entries.delete(s.entries.keys().next().value);
  };

  const get = (key: K, load: () => Promise<T>): Promise<T> => {
    const s = state();
    const hit = s.entries.get(key) as Entry<T> | undefined;
    if (hit && hit.generation === s.generation) {
      const age = Date.now() - hit.at;
      if (age < ttlMs) return hit.value;
      if (hit.settled && age < 2 * ttlMs) {
        if (!hit.refreshing) {
          hit.refreshing = true;
          const next = put(key, load, () => {
            // Kept only if it answered and no write came meanwhile; else the stale entry may try again.
            if (s.entries.get(key) === hit && next.settled && next.generation === s.generation) store(key, next);
            else hit.refreshing = false;
          });
        }
        return hit.value;
      }
    }
    const entry = put(key, load);
    store(key, entry);
    return entry.value;
  };

  const watch = (tables: Iterable<string>) => {
    for (const t of tables) state().sources.add(t);
  };

  return { get, invalidate, watch };
}

type Statement<T> = { toSQL(): { sql: string; params: unknown[] }; then: PromiseLike<T>['then'] };

/**
 * A cache of read statements whose sources are the tables their own SQL names, so a table added to a
 * statement later is watched without anyone remembering to list it. Writes to an `unwatched` table
 * leave the entries be (for a table written all the time whose columns may show a few seconds late).
 */
export function statementCache<T>(topic: string, ttlMs: number, options: { unwatched?: string[] } = {}) {
  const cache = writeInvalidatedCache<string, T>(topic, [], ttlMs);
  const unwatched = new Set(options.unwatched);
  const read = (statement: Statement<T>, sql = statement.toSQL().sql) => {
    cache.watch([...tablesRead(sql)].filter((t) => !unwatched.has(t)));
    return Promise.resolve(statement);
  };
  return {
    /** The rows of `statement` (a Drizzle query), keyed by its text and parameters within `scope`. */
    get(scope: string | number, statement: Statement<T>): Promise<T> {
      const { sql, params } = statement.toSQL();
      return cache.get(`${scope}\n${sql}\n${JSON.stringify(params)}`, () => read(statement, sql));
    },
    /**
     * The rows of the statement `build()` makes, under a key the caller derives from what the statement
     * depends on (its inputs): a hit neither builds nor renders the statement's SQL, which on a hot page
     * costs more than the rest of the lookup. The key must name everything that changes the statement.
     */
    getBy(key: string, build: () => Statement<T>): Promise<T> {
      return cache.get(key, () => read(build()));
    },
    invalidate: cache.invalidate,
  };
}
