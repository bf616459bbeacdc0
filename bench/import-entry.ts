// The body of `npm run bench:import` (bundled by bench/import.mjs): imports a generated feed of
// BENCH_EPISODES episodes (default 1,000) from a local stand-in host into a fresh PGlite database,
// through the real import (guarded fetcher, parser, media copy, one transaction per episode,
// progress written and broadcast to the embedded realtime server), and answers episodes per second.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startHostingFeedServer } from '../tests/fixtures/feeds/hosting/feed-server.mjs';

const EPISODES = Number(process.env.BENCH_EPISODES ?? 1000);

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

export interface ImportBenchResult {
  episodes: number;
  audioCopied: number;
  imported: number;
  inDatabase: number;
  seconds: number;
}

/** Runs the import once and answers its figures. */
export async function runImportBench(): Promise<ImportBenchResult> {
  const feeds = await startHostingFeedServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'cuepoint-bench-import-'));
  const port = await freePort();
  Object.assign(process.env, {
    DATA_DIR: dataDir,
    APP_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    FETCH_ALLOW_HOSTS: `127.0.0.1:${feeds.port}`,
  });
  delete process.env.DATABASE_URL;

  const { migrateWithQueue: migrate } = await import('../src/lib/server/jobs/migrate-all');
  const { getDb, closeDb } = await import('../src/lib/server/db/client');
  const { users, podcasts, hostedPodcasts, episodes } = await import('../src/lib/server/db/schema');
  const { attachServer } = await import('../src/lib/server/realtime/realtime');
  const { startMigration } = await import('../src/lib/server/hosting/start-migration');
  const { importHostedFeed } = await import('../src/lib/server/hosting/import-feed');
  const { count, eq } = await import('drizzle-orm');

  // The embedded realtime server, so progress broadcasts cost what they cost in production.
  const http = createServer();
  attachServer(http, (_req, res) => res.writeHead(404).end());
  await new Promise<void>((r) => http.listen(port, '127.0.0.1', r));

  await migrate();
  const db = await getDb();
  const [user] = await db
    .insert(users)
    .values({ encrypted_id: 'bench-user', email: 'bench@example.test', first_name: 'Bench', last_name: 'Runner', type: 'PODCASTER', password_hash: 'x' })
    .returning();
  const feedUrl = feeds.url(`/generated/${EPISODES}.rss`);
  const [podcast] = await db
    .insert(podcasts)
    .values({ hash_id: 'benchshow', user_id: user!.id, url: feedUrl, title: 'The Long Archive', verified_at: new Date() })
    .returning();
  const [hosted] = await db.insert(hostedPodcasts).values({ podcast_id: podcast!.id, original_url: feedUrl }).returning();

  await startMigration(user!, hosted!.id, {});
  const started = performance.now();
  const result = await importHostedFeed(hosted!.id);
  const seconds = (performance.now() - started) / 1000;
  const [n] = await db.select({ n: count() }).from(episodes).where(eq(episodes.podcast_id, podcast!.id));

  const audioCopied = feeds.requests.filter((p) => p.startsWith('/audio/')).length;

  await new Promise<void>((r) => http.close(() => r()));
  await closeDb();
  await feeds.close();
  rmSync(dataDir, { recursive: true, force: true });
  return { episodes: EPISODES, audioCopied, imported: result.imported, inDatabase: Number(n?.n ?? 0), seconds };
}
