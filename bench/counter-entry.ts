// The body of `npm run bench:counter` (bundled and run by bench/counter.mjs, once per database): fills the
// request log of a fresh database (PGlite, or DATABASE_URL) with BENCH_LINES synthetic podcast-app
// requests (default 100,000: probes, full and partial downloads, replays, bots, over three days) and times
// the download counter on them: the counting rules alone in memory, then the whole counter (reading the
// log, writing windows and days). Prints its rows as JSON for bench/counter.mjs's table.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const LINES = Number(process.env.BENCH_LINES ?? 100_000);
// BENCH_COUNTER_KEEP=1: a database whose log stays in place (the scale dataset, bench/counter.mjs's
// BENCH_COUNTER_SCALE_DATABASE_URL): the bench adds a show of its own, counts its lines past the log already
// there, and removes its show and lines afterwards.
const KEEP = process.env.BENCH_COUNTER_KEEP === '1' && !!process.env.DATABASE_URL;
const DATABASE = KEEP ? 'PostgreSQL with the scale log' : process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const TAG = KEEP ? `-${Date.now().toString(36)}` : '';

const dataDir = mkdtempSync(join(tmpdir(), 'cuepoint-bench-counter-'));
Object.assign(process.env, { DATA_DIR: dataDir, APP_ENV: 'test', HOST: '127.0.0.1', PORT: '4399', APP_URL: 'http://127.0.0.1:4399' });
if (process.env.DATABASE_URL && !KEEP) {
  // The bench's database is emptied first (bench/counter.mjs passes BENCH_COUNTER_DATABASE_URL only).
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await client.query('drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;');
  await client.end();
}

const { migrateWithQueue: migrate } = await import('../src/lib/server/jobs/migrate-all');
const { getDb, closeDb } = await import('../src/lib/server/db/client');
const { users, podcasts, episodes, mediaRequests, downloadWindows } = await import('../src/lib/server/db/schema');
const { requestHashes } = await import('../src/lib/server/measurement/analytics/salts');
const { countDownloads } = await import('../src/lib/server/measurement/analytics/count-downloads');
const { applyLine, WindowIndex } = await import('../src/lib/server/measurement/analytics/count-rules');
const { agentOf } = await import('../src/lib/server/measurement/analytics/user-agent');
const { and, asc, count, eq, gt, inArray, isNotNull, sql } = await import('drizzle-orm');

await migrate();
const db = await getDb();
const [user] = await db
  .insert(users)
  .values({
    encrypted_id: `bench-user${TAG}`,
    email: `bench${TAG}@example.test`,
    first_name: 'Bench',
    last_name: 'Runner',
    type: 'PODCASTER',
    password_hash: 'x',
  })
  .returning();
const [podcast] = await db
  .insert(podcasts)
  .values({ hash_id: `benchshow${TAG}`, user_id: user!.id, url: 'https://feeds.example.com/bench.rss', title: 'Bench Show' })
  .returning();
const eps = await db
  .insert(episodes)
  .values(
    Array.from({ length: 20 }, (_, i) => ({
      hash_id: `bench-ep-${i}${TAG}`,
      podcast_id: podcast!.id,
      guid: `bench-${i}`,
      title: `Episode ${i}`,
      enclosure_url: `https://cdn.example.com/bench/${i}.mp3`,
      enclosure_length: 28_800_000,
      duration: 1800,
    })),
  )
  .returning();

const AGENTS = [
  'AppleCoreMedia/1.0.0.21E236 (iPhone; U; CPU OS 17_4_1 like Mac OS X; en_us)',
  'Spotify/8.9.32 iOS/17.4.1 (iPhone15,2)',
  'Spotify/8.9.32.524 Android/34 (SM-S918B)',
  'Overcast/3.0 (+http://overcast.fm/; iOS podcast app)',
  'PocketCasts/1.0 (Pocket Casts - Android v7.57; +https://pocketcasts.com/)',
  'PodcastAddict/v5 (+https://podcastaddict.com/; Android podcast app)',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  'iTMS',
  'python-requests/2.31.0',
];
const RANGES = ['bytes=0-1', 'bytes=0-', null, 'bytes=0-499999', 'bytes=500000-1999999', 'bytes=0-'];
let seed = 7;
const rnd = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const start = Date.now() - 3 * 86_400_000;
const listeners = Math.max(1, Math.round(LINES / 5));
const rows: Array<typeof mediaRequests.$inferInsert> = [];
for (let i = 0; i < LINES; i++) {
  const listener = Math.floor(rnd() * listeners);
  const at = new Date(start + (i / LINES) * 3 * 86_400_000);
  const ua = AGENTS[listener % AGENTS.length]!;
  const hashes = await requestHashes(`10.${(listener >> 16) & 255}.${(listener >> 8) & 255}.${listener & 255}`, ua, at);
  const ep = eps[listener % eps.length]!;
  rows.push({
    occurred_at: at,
    source: 'prefix',
    podcast_id: podcast!.id,
    audio_key: `cdn.example.com/bench/${ep.id - eps[0]!.id}.mp3`,
    method: 'GET',
    status: 302,
    range: RANGES[Math.floor(rnd() * RANGES.length)] ?? null,
    listener_hash: hashes.listener,
    listener_prev_hash: hashes.listenerPrev,
    household_hash: hashes.household,
    user_agent: ua,
  });
}
// The lines already in the log (none on a fresh database) stay out of the timed phases.
const [before] = await db.select({ id: sql<number>`coalesce(max(${mediaRequests.id}), 0)`.mapWith(Number) }).from(mediaRequests);
for (let i = 0; i < rows.length; i += 1000) await db.insert(mediaRequests).values(rows.slice(i, i + 1000));

// 1. The rules alone, in memory.
const lines = (await db.select().from(mediaRequests).where(gt(mediaRequests.id, before!.id)).orderBy(asc(mediaRequests.id))) as Parameters<
  typeof applyLine
>[1][];
const byKey = new Map(eps.map((e) => [`cdn.example.com/bench/${e.id - eps[0]!.id}.mp3`, { id: e.id, length: e.enclosure_length, duration: e.duration }]));
let t = performance.now();
const index = new WindowIndex();
let inMemory = 0;
for (const line of lines) if (applyLine(index, line, agentOf(line.user_agent), byKey.get(line.audio_key) ?? null)) inMemory++;
const rulesSeconds = (performance.now() - t) / 1000;

// 2. The counter end to end: read the log, apply, write windows and daily downloads, in batches.
t = performance.now();
const result = await countDownloads();
const counterSeconds = (performance.now() - t) / 1000;
const [counted] = await db
  .select({ n: count() })
  .from(downloadWindows)
  .where(and(isNotNull(downloadWindows.counted_at), eq(downloadWindows.podcast_id, podcast!.id)));

const row = (phase: string, n: number, downloads: number, seconds: number) => ({ phase, lines: n, downloads, seconds, rate: n / seconds });
console.log(
  JSON.stringify([
    row(`counting rules (memory, ${DATABASE} run)`, lines.length, inMemory, rulesSeconds),
    row(`counter (${DATABASE}, end to end)`, result.lines, result.downloads, counterSeconds),
  ]),
);
if (KEEP) {
  // Leave the scale dataset as it was: the bench's lines, then its user (its show, episodes and counts go with it).
  await db.delete(mediaRequests).where(and(gt(mediaRequests.id, before!.id), eq(mediaRequests.podcast_id, podcast!.id)));
  await db.delete(users).where(inArray(users.id, [user!.id]));
}
await closeDb();
rmSync(dataDir, { recursive: true, force: true });
if (inMemory !== result.downloads || Number(counted?.n ?? 0) !== result.downloads) {
  console.error('the counter and the rules disagree');
  process.exitCode = 1;
}
