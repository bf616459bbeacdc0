/**
 * Helpers of the integration project: a local feed server on 127.0.0.1, a fresh PGlite database
 * under a temp DATA_DIR, and builders that insert real rows.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { type HostingFeedServer, startHostingFeedServer } from '../fixtures/feeds/hosting/feed-server.mjs';

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface FeedServer {
  port: number;
  origin: string;
  url(path: string): string;
  route(path: string, handler: Handler): void;
  close(): Promise<void>;
}

/** A fixture feed's bytes. */
export function fixtureFeed(name: string): Buffer {
  return readFileSync(new URL(`../fixtures/feeds/${name}`, import.meta.url));
}

/** Serves a body as an RSS feed. */
export const serveXml =
  (body: Buffer | string): Handler =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' });
    res.end(body);
  };

/** Starts a server on 127.0.0.1 with routes added later; unknown paths answer 404. */
export async function startFeedServer(): Promise<FeedServer> {
  const routes = new Map<string, Handler>();
  const sockets = new Set<import('node:net').Socket>();
  const server: Server = createServer((req, res) => {
    const handler = routes.get((req.url ?? '/').split('?')[0]!);
    if (handler) return handler(req, res);
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    port,
    origin,
    url: (path) => `${origin}${path}`,
    route: (path, handler) => void routes.set(path, handler),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Points DATA_DIR at a new temp dir and sets the environment; call before anything reads config(). */
export function freshEnvironment(allowHosts: string): { dataDir: string; cleanup(): void } {
  const dataDir = mkdtempSync(join(tmpdir(), 'cuepoint-int-'));
  process.env.DATA_DIR = dataDir;
  process.env.APP_ENV = 'test';
  process.env.APP_URL = 'http://cuepoint.test';
  process.env.FETCH_ALLOW_HOSTS = allowHosts;
  delete process.env.DATABASE_URL;
  delete process.env.SMTP_URL;
  return { dataDir, cleanup: () => rmSync(dataDir, { recursive: true, force: true }) };
}

let seq = 0;

/** Inserts a user of a type and answers its session user. */
export async function seedUser(type: 'BRAND' | 'PODCASTER' | 'ADMIN' = 'PODCASTER') {
  const { getDb } = await import('../../src/lib/server/db/client');
  const { users } = await import('../../src/lib/server/db/schema');
  const { loadSessionUser } = await import('../../src/lib/server/users/session-user');
  const db = await getDb();
  const n = ++seq;
  const [row] = await db
    .insert(users)
    .values({
      encrypted_id: `enc-${n}-${Date.now()}`,
      email: `user${n}-${Date.now()}@example.test`,
      first_name: 'Test',
      last_name: `User ${n}`,
      type,
      password_hash: 'x',
    })
    .returning();
  return (await loadSessionUser(row!.id))!;
}

/** Inserts a podcast of the user. */
export async function seedPodcast(userId: number, url: string, values: { title?: string; email?: string | null; verified_at?: Date | null } = {}) {
  const { getDb } = await import('../../src/lib/server/db/client');
  const { podcasts } = await import('../../src/lib/server/db/schema');
  const db = await getDb();
  const n = ++seq;
  const [row] = await db
    .insert(podcasts)
    .values({
      hash_id: `pod${n}x${Date.now()}`,
      user_id: userId,
      url,
      title: values.title ?? `Podcast ${n}`,
      email: values.email ?? null,
      verified_at: values.verified_at ?? null,
    })
    .returning();
  return row!;
}

/** Inserts the hosted record of a podcast. */
export async function seedHosted(podcastId: number, values: { url: string; original_url: string | null }) {
  const { getDb } = await import('../../src/lib/server/db/client');
  const { hostedPodcasts } = await import('../../src/lib/server/db/schema');
  const db = await getDb();
  const [row] = await db
    .insert(hostedPodcasts)
    .values({ podcast_id: podcastId, migration_status: 'completed', ...values })
    .returning();
  return row!;
}

/** Runs an endpoint handler the way the middleware does: a thrown error becomes its JSON answer. */
export async function callEndpoint(handler: unknown, context: Record<string, unknown>): Promise<Response> {
  const { errorResponse } = await import('../../src/lib/server/http');
  try {
    // Endpoints read the request (a body, headers): a bare one unless the test gives its own.
    return await (handler as (ctx: unknown) => Promise<Response>)({ request: new Request('http://cuepoint.test/', { method: 'POST' }), ...context });
  } catch (error) {
    return errorResponse(error);
  }
}

/**
 * The hosting fixture feeds for a test file: before its tests, the feed server starts, the environment
 * is fresh (fetching allowed from that server only) and the database migrated; after them, all is closed.
 */
export function hostingFeedsForFile(): { readonly feeds: HostingFeedServer; readonly dataDir: string } {
  let feeds: HostingFeedServer | undefined;
  let env: { dataDir: string; cleanup(): void } | undefined;
  beforeAll(async () => {
    feeds = await startHostingFeedServer();
    env = freshEnvironment(`127.0.0.1:${feeds.port}`);
    const { migrateWithQueue: migrate } = await import('../../src/lib/server/jobs/migrate-all');
    await migrate();
  });
  afterAll(async () => {
    const { closeDb } = await import('../../src/lib/server/db/client');
    await closeDb();
    await feeds?.close();
    env?.cleanup();
  });
  return {
    get feeds() {
      if (!feeds) throw new Error('The hosting feeds start before the tests (hostingFeedsForFile registers a beforeAll).');
      return feeds;
    },
    get dataDir() {
      if (!env) throw new Error('The environment is made before the tests.');
      return env.dataDir;
    },
  };
}
