/**
 * [CRASH]: work survives a crash. The real server (npm start's server/start.mjs, embedded PGlite, the
 * queue worked in-process) is killed with SIGKILL in the middle of a feed import. Started again, with
 * nobody clicking anything, the queue finds the import whose lease stopped beating, runs it again, and it
 * resumes from the episode it reached: every episode once, none lost, audio fetched once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHostingFeedServer, type HostingFeedServer } from '../fixtures/feeds/hosting/feed-server.mjs';
import { BASE_PORT, client, eventually } from './support';

const PORT = BASE_PORT + 60;
const FEED_PORT = BASE_PORT + 61;
const EPISODES = 160;
const PASSWORD = 'crash-test-password';
const ROOT = new URL('../..', import.meta.url).pathname;

let feeds: HostingFeedServer;
let dataDir: string;
let server: ChildProcess | null = null;
const output: string[] = [];
let hostedId = 0;
let podcastId = 0;

const env = () => ({
  ...process.env,
  DATA_DIR: dataDir,
  PORT: String(PORT),
  HOST: '127.0.0.1',
  APP_URL: `http://127.0.0.1:${PORT}`,
  APP_ENV: 'test',
  SEED_DEMO: 'false',
  FETCH_ALLOW_HOSTS: `127.0.0.1:${FEED_PORT}`,
  DATABASE_URL: '',
  S3_BUCKET: '',
  PUSHER_HOST: '',
});

async function startServer(): Promise<void> {
  const child = spawn(process.execPath, [join(ROOT, 'server/start.mjs')], { cwd: ROOT, env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (c) => output.push(String(c)));
  child.stderr!.on('data', (c) => output.push(String(c)));
  server = child;
  await eventually(
    async () => {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      return (await fetch(`http://127.0.0.1:${PORT}/login`).catch(() => null))?.status === 200;
    },
    'the server starting',
    120_000,
  );
}

async function kill(signal: NodeJS.Signals): Promise<void> {
  const child = server;
  if (!child || child.exitCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  await gone;
  server = null;
}

beforeAll(async () => {
  feeds = await startHostingFeedServer({ port: FEED_PORT, audioDelayMs: 60 });
  dataDir = mkdtempSync(join(tmpdir(), 'cuepoint-crash-'));
  // The podcaster and their verified, hosted show are written straight into the database before the server
  // opens it (PGlite has one connection per process), as the API tests' builders do.
  Object.assign(process.env, { DATA_DIR: dataDir, APP_ENV: 'test', APP_URL: `http://127.0.0.1:${PORT}` });
  delete process.env.DATABASE_URL;
  const { migrateWithQueue: migrate } = await import('../../src/lib/server/jobs/migrate-all');
  const { getDb, closeDb } = await import('../../src/lib/server/db/client');
  const { users, podcasts, hostedPodcasts } = await import('../../src/lib/server/db/schema');
  const { hashPassword } = await import('../../src/lib/server/users/auth/passwords');
  await migrate();
  const db = await getDb();
  const feedUrl = feeds.url(`/generated/${EPISODES}.rss`);
  const [user] = await db
    .insert(users)
    .values({
      encrypted_id: 'crash-podcaster',
      email: 'crash@podcaster.test',
      first_name: 'Rita',
      last_name: 'Okafor',
      type: 'PODCASTER',
      password_hash: await hashPassword(PASSWORD),
      email_verified_at: new Date(),
    })
    .returning();
  const [podcast] = await db
    .insert(podcasts)
    .values({ hash_id: 'crashshow', user_id: user!.id, url: feedUrl, title: 'The Long Archive', verified_at: new Date() })
    .returning();
  const [hosted] = await db.insert(hostedPodcasts).values({ podcast_id: podcast!.id, original_url: feedUrl }).returning();
  hostedId = hosted!.id;
  podcastId = podcast!.id;
  await closeDb();
}, 120_000);

afterAll(async () => {
  await kill('SIGTERM');
  await feeds?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('[CRASH] a server killed in the middle of an import', () => {
  it('finishes the import after a restart, without a click, with no episode twice and none lost', async () => {
    try {
      await startServer();
      const web = client(`http://127.0.0.1:${PORT}`);
      const { token } = await web.signIn('crash@podcaster.test', PASSWORD);
      expect((await web.call('POST', `/api/podcasts/hosted/${hostedId}/migrate`, { token, body: {} })).status).toBe(200);
      const progress = async () =>
        (await web.call('GET', `/api/podcasts/hosted/${hostedId}/migrate/progress`, { token })).body.data as { percent: number; migration_status: string };

      // SIGKILL at about a quarter: no shutdown, the job's lease is left as it was.
      const before = await eventually(async () => {
        const p = await progress();
        return p.percent >= 25 ? p : null;
      }, 'a quarter of the import');
      await kill('SIGKILL');
      const audioBefore = feeds.requests.filter((r) => r.startsWith('/audio/')).length;
      expect(before.migration_status).toBe('in-progress');

      // Started again. Nobody touches anything: the import goes on within a minute, then completes.
      const restarted = Date.now();
      await startServer();
      const { token: again } = await web.signIn('crash@podcaster.test', PASSWORD);
      await eventually(async () => feeds.requests.filter((r) => r.startsWith('/audio/')).length > audioBefore, 'the import resuming', 60_000);
      const resumedAfter = Date.now() - restarted;
      console.log(`[crash] killed at ${before.percent} %; the import went on ${(resumedAfter / 1000).toFixed(1)} s after the restart`);
      const done = await eventually(
        async () => {
          const p = (await web.call('GET', `/api/podcasts/hosted/${hostedId}/migrate/progress`, { token: again })).body.data;
          return p.migration_status === 'completed' ? p : null;
        },
        'the import completing',
        120_000,
      );
      expect(done.percent).toBe(100);
      expect(resumedAfter).toBeLessThan(60_000);

      // It resumed where it stopped: each episode's audio was fetched once (the one in flight at the kill, at most twice).
      const audio = feeds.requests.filter((r) => r.startsWith('/audio/'));
      expect(new Set(audio).size).toBe(EPISODES);
      expect(audio.length).toBeLessThanOrEqual(EPISODES + 2);
      await kill('SIGTERM');

      // 0 duplicates, 0 lost, and the job's record says it took a second attempt.
      process.env.DATA_DIR = dataDir;
      const { getDb, closeDb } = await import('../../src/lib/server/db/client');
      const { episodes } = await import('../../src/lib/server/db/schema');
      const { listJobs } = await import('../../src/lib/server/jobs/queue');
      const { eq } = await import('drizzle-orm');
      const rows = await (await getDb()).select({ guid: episodes.guid }).from(episodes).where(eq(episodes.podcast_id, podcastId));
      expect(rows.length).toBe(EPISODES);
      expect(new Set(rows.map((r) => r.guid)).size).toBe(EPISODES);
      const jobs = await listJobs('hosting.import-feed');
      expect(jobs).toHaveLength(1);
      expect(jobs[0]).toMatchObject({ state: 'completed', attempts: 2 });
      await closeDb();
    } catch (error) {
      console.error(`[crash] server output:\n${output.join('').split('\n').slice(-60).join('\n')}`);
      throw error;
    }
  }, 240_000);
});
