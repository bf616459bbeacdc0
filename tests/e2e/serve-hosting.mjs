// Starts the built product for the hosting browser tests: a fresh data directory with the demo data,
// in which the demo show "Night Shift Stories" (hosted@cuepoint.test) is pointed at the local
// stand-in of its Libsyn feed (tests/fixtures/feeds/hosting/feed-server.mjs on FEEDS_ORIGIN).
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL(`../.artifacts/${process.argv[2] ?? 'e2e-hosting'}`, import.meta.url));
rmSync(dir, { recursive: true, force: true });
process.env.DATA_DIR = dir;

const seeded = spawnSync(process.execPath, [fileURLToPath(new URL('../../server/seed.mjs', import.meta.url))], { stdio: 'inherit', env: process.env });
if (seeded.status !== 0) process.exit(seeded.status ?? 1);

const feed = `${process.env.FEEDS_ORIGIN}/libsyn/418032/rss`;
const { PGlite } = await import('@electric-sql/pglite');
const db = await PGlite.create(join(dir, 'db'));
await db.query(`update podcasts set url = $1 where title = 'Night Shift Stories'`, [feed]);
await db.query(`update hosted_podcasts set original_url = $1 where podcast_id = (select id from podcasts where title = 'Night Shift Stories')`, [feed]);
await db.close();

await import('../../server/start.mjs');
