/**
 * Issue #16: a write-invalidated cache never keeps rows read while a write was still on its way. On
 * PostgreSQL a cache load runs on another of the pool's connections: a load that starts after a write
 * was sent but reads before it lands sees the old row, so the write is announced again once the
 * server has answered it (and a transaction's once its COMMIT has). PGlite has one connection, where
 * a read always waits for the write before it.
 */
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { statementCache } from '../../src/lib/server/cache/write-invalidated';
import { config } from '../../src/lib/server/config';
import { getDb } from '../../src/lib/server/db/client';
import { users } from '../../src/lib/server/db/schema';
import { seedUser } from '../support/builders';

const POSTGRES = process.env.TEST_DATABASE_URL;

describe.skipIf(!POSTGRES)('a cache load racing a write (PostgreSQL)', () => {
  it('is not kept when the write lands after the load read', async () => {
    const user = await seedUser({ type: 'BRAND', name: 'Before' });
    const db = await getDb();
    const cache = statementCache<{ name: string }[]>('test-write-race', 60_000);
    const read = async () => (await cache.get(user.id, db.select({ name: users.first_name }).from(users).where(eq(users.id, user.id))))[0]!.name;
    expect(await read()).toBe('Before');

    // Another session holds the row, so the write is sent (and announced) but cannot land yet.
    const holder = new pg.Client({ connectionString: config().databaseUrl! });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select id from users where id = $1 for update', [user.id]);
      const write = db
        .update(users)
        .set({ first_name: 'After' })
        .where(eq(users.id, user.id))
        .then(() => undefined);
      await new Promise((r) => setTimeout(r, 100));
      // Loaded after the write was announced, on another connection: it still reads the old row.
      expect(await read()).toBe('Before');
      await holder.query('rollback');
      await write;
    } finally {
      await holder.end();
    }
    expect(await read()).toBe('After');
  });
});
