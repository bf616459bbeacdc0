// Starts the built product for the hosting browser tests: a fresh data directory with the demo data,
// in which the demo show "Night Shift Stories" (hosted@cuepoint.test) is pointed at the local
// stand-in of its Libsyn feed (tests/fixtures/feeds/hosting/feed-server.mjs on FEEDS_ORIGIN), and the live
// show "Saltmarsh Radio" has one file its old host lost.
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
// The product's search indexes need pg_trgm (src/lib/server/db/client.ts pgliteOptions).
const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
const db = await PGlite.create(join(dir, 'db'), { extensions: { pg_trgm } });
await db.query(`update podcasts set url = $1 where title = 'Night Shift Stories'`, [feed]);
await db.query(`update hosted_podcasts set original_url = $1 where podcast_id = (select id from podcasts where title = 'Night Shift Stories')`, [feed]);
// Saltmarsh Radio (live@cuepoint.test, onboarding finished): its old host lost one artwork file, so leaving
// names it and asks for "leave anyway" (tests/e2e/hosting-fidelity.spec.ts).
await db.query(
  `insert into migration_files (hosted_podcast_id, kind, source_url, status, attempts, error)
   select h.id, 'art', $1, 'failed', 3, 'The artwork answered with HTTP status 404.'
   from hosted_podcasts h join podcasts p on p.id = h.podcast_id where p.title = 'Saltmarsh Radio'`,
  [`${process.env.FEEDS_ORIGIN}/art/saltmarsh-winter-special.png`],
);
await db.close();

await import('../../server/start.mjs');
