/**
 * Starts the BUILT product on a free port with a fresh database, once per test worker. The server runs
 * in the test process, so builders share its database handle (PGlite has one connection per process).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdtempSync, rmSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { TEST_NOW } from './clock';

export interface TestServer {
  baseUrl: string;
  dataDir: string;
  /** A free port on 127.0.0.1 that FETCH_ALLOW_HOSTS lets the guarded fetcher reach (tests serve files from it). */
  allowedFetchPort: number;
  close(): Promise<void>;
}

const KEY = Symbol.for('cuepoint.test-server');
type Holder = { [KEY]?: Promise<TestServer> };

// The answer each request handler is writing, for inRequest(): on globalThis like the server, which
// every test file of the worker shares.
const ANSWERING = Symbol.for('cuepoint.test-server.answering');
const answeringHolder = globalThis as { [ANSWERING]?: AsyncLocalStorage<ServerResponse> };
answeringHolder[ANSWERING] ??= new AsyncLocalStorage<ServerResponse>();
const answering = answeringHolder[ANSWERING];

/**
 * Whether the caller runs on behalf of an HTTP request whose answer is still being written: what a
 * request sends, told apart from the server's own background work (the queue, the measurement pass).
 * Work a finished request left behind (a timer it armed) is not counted. One request at a time: the
 * server's fair queue may start a queued request in the context of the one that arrived before it.
 */
export function inRequest(): boolean {
  const res = answering.getStore();
  return res !== undefined && !res.writableEnded;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv: Server = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** Empties a PostgreSQL database so every run starts fresh. */
async function resetPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      'drop schema if exists public cascade; drop schema if exists drizzle cascade; drop schema if exists pgboss cascade; create schema public;',
    );
  } finally {
    await client.end();
  }
}

async function start(): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cuepoint-api-'));
  const port = await freePort();
  const allowedFetchPort = await freePort();
  Object.assign(process.env, {
    FETCH_ALLOW_HOSTS: `127.0.0.1:${allowedFetchPort}`,
    APP_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    SEED_DEMO: 'false',
    TEST_CLOCK: TEST_NOW.toISOString(),
    // The tests speak to the server as its proxy on loopback: a test may name the client's address in
    // X-Forwarded-For (throttles per address), everything else comes from 127.0.0.1.
    TRUST_PROXY: '127.0.0.1,::1',
    // Stripe webhooks are verified with this secret (the payments tests sign their events with it).
    STRIPE_WEBHOOK_SECRET: 'whsec_cuepoint_api_tests',
  });
  if (process.env.TEST_DATABASE_URL) {
    process.env.DATABASE_URL = process.env.TEST_DATABASE_URL;
    await resetPostgres(process.env.TEST_DATABASE_URL);
  } else {
    delete process.env.DATABASE_URL;
  }
  const { createCuepointServer } = (await import('../../server/create-server.mjs')) as {
    createCuepointServer: (o: { seed: boolean }) => Promise<{ server: import('node:http').Server; runtime: { shutdown(): Promise<void> } }>;
  };
  const { server, runtime } = await createCuepointServer({ seed: false });
  const handlers = server.listeners('request') as ((req: unknown, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req, res) =>
    answering.run(res, () => {
      for (const handler of handlers) handler.call(server, req, res);
    }),
  );
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    dataDir,
    allowedFetchPort,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections?.();
      await runtime.shutdown();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The worker's test server, started on first use. */
export function testServer(): Promise<TestServer> {
  const holder = globalThis as Holder;
  holder[KEY] ??= start();
  return holder[KEY];
}
