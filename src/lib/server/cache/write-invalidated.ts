/**
 * A short-lived in-process cache whose entries are dropped at once when any table they are computed
 * from is written: any insert, update or delete of those tables through a database client (the user's
 * own actions, other users' actions, jobs, seeds) drops this process's entries directly, and every
 * other instance's through the cache's invalidation topic (cache/notify.ts). An entry lives `ttlMs` at
 * most, whatever happens (a write whose notice was lost shows by then). Concurrent misses of one key
 * share one load; a load that a write overtook while it ran is not kept.
 */
import { onInvalidation, publishInvalidation } from './notify';
import { onTableWrite } from '../db/client';

export interface WriteInvalidatedCache<K, T> {
  /** The cached value of `key`, or `load()`'s (once, however many callers ask at the same time). */
  get(key: K, load: () => Promise<T>): Promise<T>;
  /** Drops every entry here and in the other instances (one notice per event-loop turn). */
  invalidate(): void;
}

interface Entry<T> {
  at: number;
  generation: number;
  value: Promise<T>;
}

interface State {
  entries: Map<unknown, Entry<unknown>>;
  generation: number;
  publishing: boolean;
}

/** The cache named `topic` (one per process, shared by every copy of this module). */
export function writeInvalidatedCache<K, T>(topic: string, sources: ReadonlySet<string>, ttlMs: number): WriteInvalidatedCache<K, T> {
  const KEY = Symbol.for(`cuepoint.cache.${topic}`);
  const holder = globalThis as { [key: symbol]: State | undefined };

  const state = (): State => {
    let s = holder[KEY];
    if (!s) {
      const created: State = { entries: new Map(), generation: 0, publishing: false };
      s = created;
      holder[KEY] = created;
      onTableWrite((table) => {
        if (sources.has(table)) invalidate();
      });
      // Another instance wrote (or this one's notices were missed: key null): drop everything here too.
      onInvalidation(topic, () => dropAll());
    }
    return s;
  };

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

  const get = (key: K, load: () => Promise<T>): Promise<T> => {
    const s = state();
    const now = Date.now();
    const hit = s.entries.get(key) as Entry<T> | undefined;
    if (hit && now - hit.at < ttlMs && hit.generation === s.generation) return hit.value;
    const generation = s.generation;
    const value = load();
    const entry: Entry<T> = { at: now, generation, value };
    s.entries.set(key, entry);
    const drop = () => {
      if (s.entries.get(key) === entry) s.entries.delete(key);
    };
    value.then(() => {
      if (s.generation !== generation) drop();
    }, drop);
    return value;
  };

  return { get, invalidate };
}
