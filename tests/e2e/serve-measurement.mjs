// Starts the built product for the measurement browser tests: a fresh data directory with the demo data,
// in which the demo show "Second Wind Running" (podcaster@cuepoint.test) reads its feed from the test's
// stand-in host (MEASUREMENT_FEED), so the test can link that feed to the prefix and check it.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL(`../.artifacts/${process.argv[2] ?? 'e2e-measurement'}`, import.meta.url));
rmSync(dir, { recursive: true, force: true });
process.env.DATA_DIR = dir;

const seeded = spawnSync(process.execPath, [fileURLToPath(new URL('../../server/seed.mjs', import.meta.url))], { stdio: 'inherit', env: process.env });
if (seeded.status !== 0) process.exit(seeded.status ?? 1);

const { PGlite } = await import('@electric-sql/pglite');
// The product's search indexes need pg_trgm (src/lib/server/db/client.ts pgliteOptions).
const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
const db = await PGlite.create(join(dir, 'db'), { extensions: { pg_trgm } });
await db.query(`update podcasts set url = $1 where title = 'Second Wind Running'`, [process.env.MEASUREMENT_FEED]);
await db.close();

await import('../../server/start.mjs');
