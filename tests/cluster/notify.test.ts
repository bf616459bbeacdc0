/**
 * [NOTIFY]: cache invalidation across instances by PostgreSQL LISTEN/NOTIFY (src/lib/server/cache/notify.ts).
 * Another process is stood in for by a plain PostgreSQL connection that listens and notifies on the channel.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, postgresAnswers } from './support';

const DATABASE_URL = process.env.CLUSTER_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/cuepoint_scaleout_cluster';
const available = await postgresAnswers();

let other: pg.Client;

beforeAll(async () => {
  if (!available) return;
  const { ensureDatabase } = await import('../../server/cluster.mjs');
  await ensureDatabase(DATABASE_URL);
  Object.assign(process.env, { DATABASE_URL, APP_ENV: 'test' });
  other = new pg.Client({ connectionString: DATABASE_URL });
  await other.connect();
  await other.query('LISTEN cuepoint_invalidation');
});

afterAll(async () => {
  if (!available) return;
  await other.end();
  const { closeDb } = await import('../../src/lib/server/db/client');
  await closeDb();
});

describe.skipIf(!available)('[NOTIFY] cache invalidation across instances', () => {
  it('tells this process at once and every other process through NOTIFY, and hears theirs', async () => {
    const { listenForInvalidations, onInvalidation, publishInvalidation } = await import('../../src/lib/server/cache/notify');
    const heard: (string | null)[] = [];
    const stop = onInvalidation('shell', (key) => heard.push(key));
    listenForInvalidations();

    // Another instance invalidates: heard here once the listening connection is up.
    await eventually(
      async () => {
        await other.query(`select pg_notify('cuepoint_invalidation', $1)`, [JSON.stringify({ o: 'another-instance', t: 'shell', k: 'user:7' })]);
        await new Promise((r) => setTimeout(r, 100));
        return heard.includes('user:7');
      },
      'a notification from another instance',
      10_000,
    );

    // This instance invalidates: its own handlers hear it at once (and not a second time through NOTIFY); others get the message.
    heard.length = 0;
    const received = new Promise<{ t: string; k: string }>((resolve) => other.once('notification', (m) => resolve(JSON.parse(m.payload!))));
    await publishInvalidation('shell', 'user:42');
    expect(heard).toEqual(['user:42']);
    expect(await received).toMatchObject({ t: 'shell', k: 'user:42' });
    await new Promise((r) => setTimeout(r, 300));
    expect(heard).toEqual(['user:42']);

    // Other topics are not heard; a stopped handler hears nothing more.
    await publishInvalidation('sessions', 'user:42');
    stop();
    await publishInvalidation('shell', 'user:43');
    expect(heard).toEqual(['user:42']);
  });
});
