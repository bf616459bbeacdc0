// Issue #16: an entry past its fresh time is still answered while one load replaces it (no request
// waits on the database when a hot key expires), never after a write, and never past twice its time.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeInvalidatedCache } from '../../src/lib/server/cache/write-invalidated';

const TTL = 1_000;

/** A load whose answer the test gives: `resolve(value)` or `reject(error)`; `calls` counts the loads. */
function loads() {
  const pending: { resolve: (v: string) => void; reject: (e: Error) => void }[] = [];
  return {
    pending,
    get calls() {
      return pending.length;
    },
    load: () =>
      new Promise<string>((resolve, reject) => {
        pending.push({ resolve, reject });
      }),
  };
}

let topic = 0;
const fresh = () => writeInvalidatedCache<string, string>(`unit-swr-${++topic}`, [], TTL);

/** A cache holding 'old' under 'k' (its first load answered), and the loads it made. */
async function holdingOld() {
  const cache = fresh();
  const l = loads();
  const first = cache.get('k', l.load);
  l.pending[0]!.resolve('old');
  await first;
  return { cache, l };
}

describe('writeInvalidatedCache: answering an expired entry while it reloads', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T12:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('answers the fresh entry without loading, and concurrent misses share one load', async () => {
    const cache = fresh();
    const l = loads();
    const a = cache.get('k', l.load);
    const b = cache.get('k', l.load);
    expect(l.calls).toBe(1);
    l.pending[0]!.resolve('one');
    expect([await a, await b]).toEqual(['one', 'one']);
    vi.advanceTimersByTime(TTL - 1);
    expect(await cache.get('k', l.load)).toBe('one');
    expect(l.calls).toBe(1);
  });

  it('past its fresh time answers the old value at once and starts exactly one load, kept when it answers', async () => {
    const { cache, l } = await holdingOld();
    vi.advanceTimersByTime(TTL + 10);
    expect(await cache.get('k', l.load)).toBe('old');
    expect(await cache.get('k', l.load)).toBe('old');
    expect(l.calls).toBe(2);
    l.pending[1]!.resolve('new');
    await Promise.resolve();
    await Promise.resolve();
    expect(await cache.get('k', l.load)).toBe('new');
    expect(l.calls).toBe(2);
  });

  it('past twice its fresh time waits for a load instead of answering the old value', async () => {
    const { cache, l } = await holdingOld();
    vi.advanceTimersByTime(2 * TTL + 1);
    const next = cache.get('k', l.load);
    expect(l.calls).toBe(2);
    l.pending[1]!.resolve('new');
    expect(await next).toBe('new');
  });

  it('after a write answers nothing stale: the next read waits for a load, and a refresh the write overtook is not kept', async () => {
    const { cache, l } = await holdingOld();
    vi.advanceTimersByTime(TTL + 10);
    expect(await cache.get('k', l.load)).toBe('old'); // starts refresh #2
    cache.invalidate();
    const afterWrite = cache.get('k', l.load); // load #3, not the old value
    expect(l.calls).toBe(3);
    l.pending[1]!.resolve('read before the write');
    l.pending[2]!.resolve('after the write');
    expect(await afterWrite).toBe('after the write');
    await Promise.resolve();
    expect(await cache.get('k', l.load)).toBe('after the write');
  });

  it('keeps answering the old value when a refresh fails, and tries again on the next read', async () => {
    const { cache, l } = await holdingOld();
    vi.advanceTimersByTime(TTL + 10);
    expect(await cache.get('k', l.load)).toBe('old');
    l.pending[1]!.reject(new Error('database away'));
    await Promise.resolve();
    await Promise.resolve();
    expect(await cache.get('k', l.load)).toBe('old');
    expect(l.calls).toBe(3);
  });
});
