/**
 * Issue #16 item 2: who is asking is known without a database read on the hot path (a few seconds'
 * cache of the session user), and a write to the user is seen by the very next request.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
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
