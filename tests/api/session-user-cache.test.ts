/**
 * Issue #16 item 2: who is asking is known without a database read on the hot path (a few seconds'
 * cache of the session user), and a write to the user is seen by the very next request.
 */
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { config } from '../../src/lib/server/config';
import { getDb } from '../../src/lib/server/db/client';
import { users } from '../../src/lib/server/db/schema';
import { loadSessionUser, touchLastSeen } from '../../src/lib/server/users/session-user';
import { seedUser } from '../support/builders';
import { call } from '../support/http';
import { withStatements } from '../support/statements';

describe('the session user cache', () => {
  it('hands each request its own copy of the cached user and drops the entry when the user is written', async () => {
    const user = await seedUser({ type: 'BRAND' });
    const first = await loadSessionUser(user.id);
    const second = await loadSessionUser(user.id, 7);
    expect(second?.row.email).toBe(user.email);
    expect(second?.imitatedBy).toBe(7);
    expect(first?.imitatedBy).toBeNull();
    // A copy per request: changing one does not change the next.
    first!.row.first_name = 'Changed in one request';
    expect((await loadSessionUser(user.id))?.row.first_name).not.toBe('Changed in one request');
    // What the copies share (the JSON columns) cannot be changed through one of them.
    const settings = (await loadSessionUser(user.id))!.row.notification_settings as Record<string, boolean>;
    expect(Object.isFrozen(settings)).toBe(true);
    expect(() => {
      settings.changed_in_one_request = true;
    }).toThrow(TypeError);

    await (await getDb()).update(users).set({ first_name: 'Renamed' }).where(eq(users.id, user.id));
    expect((await loadSessionUser(user.id))?.row.first_name).toBe('Renamed');
    expect((await call('GET', '/api/user', { token: user.token })).body.data.first_name).toBe('Renamed');

    await (await getDb()).update(users).set({ deleted_at: new Date() }).where(eq(users.id, user.id));
    expect(await loadSessionUser(user.id)).toBeNull();
    expect((await call('GET', '/api/user', { token: user.token })).status).toBe(401);
  });
});

describe('a user’s last_seen_at, written once a minute by every active user', () => {
  it('is written without dropping the cached users (theirs or anyone else’s), while any other write to users still drops them', async () => {
    const [watched, active] = await Promise.all([seedUser({ type: 'BRAND' }), seedUser({ type: 'PODCASTER' })]);
    let statements: string[] = [];
    const readsOf = async (id: number) => {
      const read = await withStatements(() => loadSessionUser(id));
      statements = read.statements;
      return read.value;
    };
    await readsOf(watched.id);
    const seen = (await readsOf(active.id))!;
    expect(statements).toHaveLength(1);

    // The active user's touch: written to the database, and no cached user is dropped.
    seen.row.last_seen_at = new Date(Date.now() - 3_600_000);
    await touchLastSeen(seen);
    const [stored] = await (await getDb()).select({ at: users.last_seen_at }).from(users).where(eq(users.id, active.id));
    expect(Date.now() - stored!.at!.getTime()).toBeLessThan(60_000);
    await readsOf(watched.id);
    expect(statements).toEqual([]);
    await readsOf(active.id);
    expect(statements).toEqual([]);

    // Any other write to users drops them, the same way.
    await (await getDb()).update(users).set({ first_name: 'Renamed' }).where(eq(users.id, active.id));
    expect((await readsOf(watched.id))?.row.email).toBe(watched.email);
    expect(statements).toHaveLength(1);
  });
});

describe('a request’s user read, when their last_seen_at is due', () => {
  const storedSeen = async (id: number) => (await (await getDb()).select({ at: users.last_seen_at }).from(users).where(eq(users.id, id)))[0]!.at;
  /** Lets a write's invalidation notices pass (the cache's own come back one turn later): a read begun before them is not kept. */
  const noticesPassed = () => new Promise((resolve) => setTimeout(resolve, 50));

  it('records the activity in the same statement as the read, once, and leaves a recent time alone', async () => {
    const user = await seedUser({ type: 'PODCASTER' });
    const hourAgo = new Date(Date.now() - 3_600_000);
    await (await getDb()).update(users).set({ last_seen_at: hourAgo }).where(eq(users.id, user.id));
    await noticesPassed();

    const read = await withStatements(() => loadSessionUser(user.id, null, { seen: true }));
    expect(read.statements).toHaveLength(1);
    expect(read.statements[0]).toMatch(/^with "touched" as \(update "users" set "last_seen_at"/);
    const stored = (await storedSeen(user.id))!;
    expect(Date.now() - stored.getTime()).toBeLessThan(60_000);
    // The request's user shows the time written, so the request's own touch has nothing to do.
    expect(read.value!.row.last_seen_at!.getTime()).toBe(stored.getTime());
    const touch = await withStatements(() => touchLastSeen(read.value!));
    expect(touch.statements).toEqual([]);
    // Not announced: the cached user stays.
    expect((await withStatements(() => loadSessionUser(user.id, null, { seen: true }))).statements).toEqual([]);

    // Within the minute, a read from the database writes nothing (the update matches no row).
    await (await getDb()).update(users).set({ first_name: 'Renamed' }).where(eq(users.id, user.id));
    const again = await loadSessionUser(user.id, null, { seen: true });
    expect(again!.row.first_name).toBe('Renamed');
    expect((await storedSeen(user.id))!.getTime()).toBe(stored.getTime());
  });

  it('writes nothing for a read that is not a request of the user’s', async () => {
    const user = await seedUser({ type: 'BRAND' });
    const hourAgo = new Date(Date.now() - 3_600_000);
    await (await getDb()).update(users).set({ last_seen_at: hourAgo }).where(eq(users.id, user.id));
    const read = await withStatements(() => loadSessionUser(user.id));
    expect(read.statements).toHaveLength(1);
    expect(read.statements[0]).toMatch(/^select /);
    expect((await storedSeen(user.id))!.getTime()).toBe(hourAgo.getTime());
  });

  it('is seen when a page is requested: its first view after an hour away writes last_seen_at', async () => {
    const user = await seedUser({ type: 'BRAND' });
    await (await getDb())
      .update(users)
      .set({ first_name: 'Away', last_seen_at: new Date(Date.now() - 3_600_000) })
      .where(eq(users.id, user.id));
    expect((await call('GET', '/api/user', { token: user.token })).status).toBe(200);
    expect(Date.now() - (await storedSeen(user.id))!.getTime()).toBeLessThan(60_000);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'never waits on a row another transaction holds (PostgreSQL): the read answers, the write is left for later',
    async () => {
      const user = await seedUser({ type: 'BRAND' });
      const hourAgo = new Date(Date.now() - 3_600_000);
      await (await getDb()).update(users).set({ last_seen_at: hourAgo }).where(eq(users.id, user.id));
      await noticesPassed();
      const holder = new pg.Client({ connectionString: config().databaseUrl! });
      await holder.connect();
      try {
        await holder.query('begin');
        await holder.query('select id from users where id = $1 for update', [user.id]);
        const read = await withStatements(() => loadSessionUser(user.id, null, { seen: true }));
        expect(read.statements).toHaveLength(1);
        expect(read.value!.row.last_seen_at!.getTime()).toBe(hourAgo.getTime());
      } finally {
        await holder.query('rollback');
        await holder.end();
      }
      expect((await storedSeen(user.id))!.getTime()).toBe(hourAgo.getTime());
    },
  );
});
