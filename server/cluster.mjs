// npm run cluster: Cuepoint scaled out on one machine, the way a deployment runs it. PostgreSQL (the server
// of DATABASE_URL, by default the one on 127.0.0.1:5432), object storage (s3rver, an S3-compatible server),
// the separate Pusher-protocol realtime server, two web instances behind a round-robin proxy, and one
// queue worker. Open the proxy's address and use the product; every request may land on either instance.
//
//   npm run cluster                      # proxy on http://127.0.0.1:4400
//   CLUSTER_PORT=5400 DATABASE_URL=postgres://user:pass@db.example:5432/cuepoint npm run cluster
//
// Ports: the proxy on CLUSTER_PORT, the web instances on +1 and +2, realtime on +3, s3rver on +4.
// Data (s3rver's bucket, each process's scratch and mail folder, the shared app key) lives in data/cluster.
// The cluster test (tests/cluster) starts the same thing through startCluster().
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import S3rver from 's3rver';
import { createRoundRobinProxy } from './proxy.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/cuepoint_cluster';

export class ClusterError extends Error {}

/** Makes sure the database of the URL exists (creating it on the same server), or fails with a sentence. */
export async function ensureDatabase(databaseUrl) {
  const tryConnect = async (url) => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
    await client.connect();
    return client;
  };
  try {
    await (await tryConnect(databaseUrl)).end();
  } catch (error) {
    if (error?.code === '3D000') {
      const url = new URL(databaseUrl);
      const name = decodeURIComponent(url.pathname.slice(1));
      url.pathname = '/postgres';
      const admin = await tryConnect(url.toString());
      await admin.query(`create database "${name.replace(/"/g, '""')}"`).catch((e) => {
        if (e?.code !== '42P04') throw e;
      });
      await admin.end();
      return;
    }
    const where = new URL(databaseUrl);
    throw new ClusterError(
      `PostgreSQL does not answer at ${where.hostname}:${where.port || 5432} (${error?.code ?? error?.message}). ` +
        'Start a PostgreSQL server there, or point DATABASE_URL at one: DATABASE_URL=postgres://user:password@host:5432/cuepoint npm run cluster',
    );
  }
}

/** Empties the database of the URL (the cluster test starts from nothing). */
export async function resetDatabase(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      'drop schema if exists public cascade; drop schema if exists drizzle cascade; drop schema if exists pgboss cascade; create schema public;',
    );
  } finally {
    await client.end();
  }
}

async function waitFor(check, { timeoutMs, what, child }) {
  const started = Date.now();
  for (;;) {
    if (child && child.exitCode !== null) throw new ClusterError(`${what} exited with code ${child.exitCode} while starting.`);
    if (await check().catch(() => false)) return;
    if (Date.now() - started > timeoutMs) throw new ClusterError(`${what} did not start within ${Math.round(timeoutMs / 1000)} s.`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const answers = (url) => async () => (await fetch(url, { redirect: 'manual' })).status < 500;

/**
 * Starts the cluster. Answers its addresses and handles: `url` (the proxy), `instances` (the web instances,
 * each with `kill(signal)` and `start()`), `worker`, `s3`, `env` (what every process got) and `stop()`.
 */
export async function startCluster({
  databaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL,
  port = 4400,
  dataDir = join(ROOT, 'data', 'cluster'),
  seedDemo = true,
  env: extraEnv = {},
  log = (line) => console.log(line),
} = {}) {
  if (!existsSync(join(ROOT, 'dist/server/runtime.mjs'))) throw new ClusterError('The product is not built yet: run `npm run build` first.');
  await ensureDatabase(databaseUrl);
  mkdirSync(dataDir, { recursive: true });
  const children = new Set();
  const closers = [];
  const stop = async () => {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all([...children].map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)));
    for (const close of closers.reverse()) await close().catch(() => undefined);
  };

  try {
    // Object storage.
    const bucket = 'cuepoint';
    const s3 = new S3rver({
      port: port + 4,
      address: '127.0.0.1',
      directory: join(dataDir, 's3'),
      silent: true,
      configureBuckets: [{ name: bucket, configs: [] }],
    });
    await s3.run();
    closers.push(() => s3.close());
    const s3Endpoint = `http://127.0.0.1:${port + 4}`;

    // One app key for every instance: a session signed by one is read by the others.
    const keyFile = join(dataDir, 'app-key');
    if (!existsSync(keyFile)) writeFileSync(keyFile, randomBytes(32).toString('base64url'), { mode: 0o600 });
    const appKey = readFileSync(keyFile, 'utf8').trim();
    const pusher = { PUSHER_APP_ID: 'cuepoint-cluster', PUSHER_KEY: 'cuepoint-cluster-key', PUSHER_SECRET: `${appKey.slice(0, 24)}-cluster-realtime` };
    const url = `http://127.0.0.1:${port}`;
    const common = {
      ...process.env,
      DATABASE_URL: databaseUrl,
      APP_KEY: appKey,
      APP_URL: url,
      HOST: '127.0.0.1',
      TRUST_PROXY: 'true',
      S3_ENDPOINT: s3Endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      ...pusher,
      PUSHER_HOST: '127.0.0.1',
      PUSHER_PORT: String(port + 3),
      PUSHER_SCHEME: 'http',
      ...extraEnv,
    };

    const run = (name, script, env) => {
      const child = spawn(process.execPath, [join(ROOT, script)], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
      children.add(child);
      child.on('exit', () => children.delete(child));
      const prefix = (stream) => {
        let rest = '';
        stream.on('data', (chunk) => {
          const lines = (rest + chunk).split('\n');
          rest = lines.pop();
          for (const line of lines) if (line.trim()) log(`[${name}] ${line}`);
        });
      };
      prefix(child.stdout);
      prefix(child.stderr);
      return child;
    };

    // The separate realtime server.
    const realtime = run('realtime', 'server/realtime-standalone.mjs', { ...common, REALTIME_PORT: String(port + 3), REALTIME_HOST: '127.0.0.1' });
    await waitFor(answers(`http://127.0.0.1:${port + 3}/health`), { timeoutMs: 30_000, what: 'The realtime server', child: realtime });

    // Web instances: the first migrates and seeds, then the second starts; neither works the queue.
    const instances = [1, 2].map((n) => {
      const instance = {
        name: `web-${n}`,
        port: port + n,
        url: `http://127.0.0.1:${port + n}`,
        child: null,
        async start() {
          const env = {
            ...common,
            PORT: String(instance.port),
            DATA_DIR: join(dataDir, instance.name),
            QUEUE_WORKER: 'false',
            SEED_DEMO: n === 1 && seedDemo ? 'true' : 'false',
          };
          instance.child = run(instance.name, 'server/start.mjs', env);
          await waitFor(answers(`${instance.url}/login`), { timeoutMs: 180_000, what: instance.name, child: instance.child });
        },
        /** Ends the process (SIGKILL: no goodbye) and waits until it is gone. */
        async kill(signal = 'SIGKILL') {
          const child = instance.child;
          if (!child || child.exitCode !== null) return;
          const gone = new Promise((r) => child.once('exit', r));
          child.kill(signal);
          await gone;
        },
      };
      return instance;
    });
    await instances[0].start();
    const worker = {
      name: 'worker',
      child: null,
      async start() {
        worker.child = run('worker', 'server/worker.mjs', { ...common, DATA_DIR: join(dataDir, 'worker') });
        let ready = false;
        worker.child.stdout.on('data', (chunk) => {
          if (String(chunk).includes('[worker] working the queue')) ready = true;
        });
        await waitFor(async () => ready, { timeoutMs: 120_000, what: 'The worker', child: worker.child });
      },
    };
    await Promise.all([instances[1].start(), worker.start()]);

    // The round-robin proxy in front of both.
    const proxy = createRoundRobinProxy(instances, { log: (line) => log(`[proxy] ${line}`) });
    await new Promise((resolve, reject) => proxy.once('error', reject).listen(port, '127.0.0.1', resolve));
    closers.push(() => new Promise((r) => proxy.close(() => r()) && proxy.closeAllConnections()));

    return { url, instances, worker, s3: { endpoint: s3Endpoint, bucket }, realtime: { port: port + 3, ...pusher }, env: common, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.env.CLUSTER_PORT ?? 4400);
  let cluster;
  try {
    cluster = await startCluster({ port });
  } catch (error) {
    console.error(`[cluster] ${error?.message ?? error}`);
    process.exit(1);
  }
  console.log(`
Cuepoint cluster is running at ${cluster.url}
  web instances  ${cluster.instances.map((i) => i.url).join(', ')} (behind the round-robin proxy)
  worker         npm run worker (PostgreSQL queue)
  realtime       ws://127.0.0.1:${cluster.realtime.port} (separate Pusher-protocol server)
  storage        ${cluster.s3.endpoint}/${cluster.s3.bucket} (s3rver)
  database       ${cluster.env.DATABASE_URL}
Demo sign-ins use the password cuepoint-demo (brand@cuepoint.test, podcaster@cuepoint.test, …). Ctrl+C stops everything.
`);
  const stop = async () => {
    await cluster.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
