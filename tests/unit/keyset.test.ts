import { describe, expect, it } from 'vitest';
import { CursorError, decodeCursor, encodeCursor } from '../../src/lib/server/db/keyset';

describe('keyset cursors', () => {
  it('round-trips a sort key (timestamp at microsecond precision, id)', () => {
    const key = ['2026-03-01T10:00:00.123456+00:00', 42];
    const cursor = encodeCursor(key);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, ['timestamp', 'int'])).toEqual(key);
    const uuid = ['2026-03-01T10:00:00Z', '0b6c3f0e-8d2a-4c1e-9f3a-1d2e3f4a5b6c'];
    expect(decodeCursor(encodeCursor(uuid), ['timestamp', 'uuid'])).toEqual(uuid);
  });

  it('refuses a tampered or foreign cursor with a CursorError on the field cursor', () => {
    const good = encodeCursor(['2026-03-01T10:00:00.123456+00:00', 42]);
    const tampered = [
      `${good.slice(0, 5)}!${good.slice(6)}`, // not base64url
      good.slice(0, -4), // cut short: no longer JSON
      encodeCursor(['2026-03-01T10:00:00Z', '42']), // id turned into text
      encodeCursor(['not a time', 42]),
      encodeCursor(['2026-03-01T10:00:00Z', 1.5]),
      encodeCursor(['2026-03-01T10:00:00Z']), // wrong length
      Buffer.from('{"id":42}').toString('base64url'), // not an array
      encodeCursor(['2026-03-01T10:00:00Z', 'not-a-uuid']),
      '',
    ];
    const types = [
      ['timestamp', 'int'],
      ['timestamp', 'int'],
      ['timestamp', 'int'],
      ['timestamp', 'int'],
      ['timestamp', 'int'],
      ['timestamp', 'int'],
      ['timestamp', 'int'],
      ['timestamp', 'uuid'],
      ['timestamp', 'int'],
    ] as const;
    tampered.forEach((cursor, i) => {
      let error: unknown;
      try {
        decodeCursor(cursor, types[i]!);
      } catch (e) {
        error = e;
      }
      expect(error, `cursor #${i}`).toBeInstanceOf(CursorError);
      expect((error as CursorError).field).toBe('cursor');
    });
  });
});

describe('countUpTo', () => {
  it('counts up to the cap, asking for one row more to know whether there are more', async () => {
    const { countUpTo } = await import('../../src/lib/server/db/window-total');
    const asked: number[] = [];
    const rows = (n: number) => async (limit: number) => {
      asked.push(limit);
      return Math.min(n, limit);
    };
    expect(await countUpTo(rows(7), 10)).toEqual({ total: 7, more: false });
    expect(await countUpTo(rows(10), 10)).toEqual({ total: 10, more: false });
    expect(await countUpTo(rows(100_000), 10)).toEqual({ total: 10, more: true });
    expect(asked).toEqual([11, 11, 11]);
  });
});
