// Benchmark of the download counter: `npm run bench:counter` (BENCH_LINES=500000 for a larger log). It runs
// on a fresh PGlite database, and on PostgreSQL: BENCH_COUNTER_DATABASE_URL, a database it may empty
// (default postgres://postgres@127.0.0.1:5432/cuepoint_bench_counter, created when missing; skipped with a
// sentence when no PostgreSQL answers); with BENCH_COUNTER_SCALE_DATABASE_URL also on the scale dataset, its 20 M
// log lines in place (the bench's own show and lines are removed after).
// The domain code is TypeScript with extensionless imports, so it is bundled first with esbuild (Astro's
// own build dependency), packages left external, then run in a child process per database.
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { bundleEntry } from './lib/bundle.mjs';

const GOAL = 20_000;
const bundle = await bundleEntry('counter-entry.ts');
const out = bundle.path;

const POSTGRES = process.env.BENCH_COUNTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/cuepoint_bench_counter';

/** True when the bench's PostgreSQL database answers (created on its server when missing). */
async function postgresReady(url) {
  const target = new URL(url);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).href, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
    const name = decodeURIComponent(target.pathname.slice(1));
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await admin.query(`create database "${name.replace(/"/g, '""')}"`);
    return true;
  } catch {
    return false;
  } finally {
    await admin.end().catch(() => undefined);
  }
}

const { DATABASE_URL: _ignored, ...env } = process.env;
const withPostgres = await postgresReady(POSTGRES);
// BENCH_COUNTER_SCALE_DATABASE_URL: also count with a full log in place (npm run seed:scale's database, left as it was).
const SCALE = process.env.BENCH_COUNTER_SCALE_DATABASE_URL;
const runs = [env, ...(withPostgres ? [{ ...env, DATABASE_URL: POSTGRES }] : []), ...(SCALE ? [{ ...env, DATABASE_URL: SCALE, BENCH_COUNTER_KEEP: '1' }] : [])];
const rows = [];
let failed = false;
try {
  for (const runEnv of runs) {
    const result = spawnSync(process.execPath, [out], { env: runEnv, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
    const json = result.stdout.trim().split('\n').at(-1) ?? '';
    if (result.status !== 0 || !json.startsWith('[')) failed = true;
    else rows.push(...JSON.parse(json));
  }
} finally {
  bundle.remove();
}

const fmt = (n) => Math.round(n).toLocaleString('en-US');
const table = [
  ['phase', 'log lines', 'downloads', 'seconds', 'lines/s'],
  ...rows.map((r) => [r.phase, fmt(r.lines), fmt(r.downloads), r.seconds.toFixed(2), fmt(r.rate)]),
];
const widths = table[0].map((_, c) => Math.max(...table.map((r) => r[c].length)));
for (const r of table) console.log(r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  '));
const best = Math.max(0, ...rows.filter((r) => r.phase.includes('end to end')).map((r) => r.rate));
console.log(`goal: ${fmt(GOAL)} log lines/s through the whole counter: ${best >= GOAL ? 'met' : 'not met on this run'} (best ${fmt(best)})`);
if (!withPostgres)
  console.log(`PostgreSQL skipped: nothing answers at ${new URL(POSTGRES).host} (set BENCH_COUNTER_DATABASE_URL to a database the bench may empty).`);
if (failed) process.exit(1);
