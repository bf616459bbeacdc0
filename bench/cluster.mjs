// Benchmark of scaling out: signed-in throughput of one web instance and of two, each behind the same
// round-robin proxy, on PostgreSQL with object storage and the separate realtime server (npm run cluster's
// startCluster), and the ratio of the two. Every request is signed in (the demo brand's bearer token) and
// reads what a signed-in screen reads: /api/initialize, /api/notifications, /api/discussions, /campaigns.
// The load comes from this process, which also runs the proxy; on a small machine every process shares
// the same CPUs, so the ratio says how much a second instance adds there, not on separate hosts.
//
//   npm run bench            (after npm run build; skipped with a sentence when PostgreSQL does not answer)
//   BENCH_SECONDS=20 BENCH_CONCURRENCY=64 BENCH_DATABASE_URL=postgres://… node bench/cluster.mjs
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createRoundRobinProxy } from '../server/proxy.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const PORT = Number(process.env.BENCH_CLUSTER_PORT ?? 4460);
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/cuepoint_bench_cluster';
const PATHS = ['/api/initialize', '/api/notifications', '/api/discussions', '/campaigns'];

const pgAnswers = (url) =>
  new Promise((resolve) => {
    const { hostname, port } = new URL(url);
    const socket = connect(Number(port || 5432), hostname);
    socket.setTimeout(1000);
    const answer = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => answer(true));
    socket.once('error', () => answer(false));
    socket.once('timeout', () => answer(false));
  });

if (!existsSync(new URL('../dist/server/runtime.mjs', import.meta.url))) {
  console.log('cluster bench skipped: the product is not built yet (npm run build).');
  process.exit(0);
}
if (!(await pgAnswers(DATABASE_URL))) {
  console.log(`cluster bench skipped: PostgreSQL does not answer at ${new URL(DATABASE_URL).host} (set BENCH_DATABASE_URL to point at one).`);
  process.exit(0);
}

const { startCluster, ensureDatabase, resetDatabase } = await import('../server/cluster.mjs');
await ensureDatabase(DATABASE_URL);
await resetDatabase(DATABASE_URL);
const dataDir = mkdtempSync(join(tmpdir(), 'cuepoint-bench-cluster-'));
const cluster = await startCluster({ port: PORT, databaseUrl: DATABASE_URL, dataDir, log: () => undefined });
const single = createRoundRobinProxy([cluster.instances[0]]);
await new Promise((r) => single.listen(PORT + 9, '127.0.0.1', r));

/** Runs CONCURRENCY signed-in clients against `base` for `seconds`; answers requests per second and latency. */
async function load(base, token, seconds) {
  const headers = { authorization: `Bearer ${token}`, cookie: `access_token=${token}`, accept: 'application/json' };
  const until = performance.now() + seconds * 1000;
  const latencies = [];
  let errors = 0;
  const worker = async (n) => {
    for (let i = n; performance.now() < until; i++) {
      const started = performance.now();
      const res = await fetch(`${base}${PATHS[i % PATHS.length]}`, { headers }).catch(() => null);
      if (!res || res.status >= 400) errors++;
      await res?.arrayBuffer().catch(() => undefined);
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, (_, n) => worker(n)));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const p = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { rps: latencies.length / elapsed, p50: p(0.5), p95: p(0.95), errors, requests: latencies.length };
}

try {
  const signIn = await fetch(`${cluster.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      grant_type: 'password',
      client_id: 'cuepoint-web',
      client_secret: 'cuepoint-web-client-secret',
      username: 'brand@cuepoint.test',
      password: 'cuepoint-demo',
      scope: '',
    }),
  });
  const { access_token: token } = await signIn.json();
  const one = `http://127.0.0.1:${PORT + 9}`;
  await load(one, token, 2);
  await load(cluster.url, token, 2);
  const a = await load(one, token, SECONDS);
  const b = await load(cluster.url, token, SECONDS);
  const line = (label, r) =>
    `${label.padEnd(34)} ${r.rps.toFixed(1).padStart(8)} req/s   p50 ${r.p50.toFixed(1)} ms   p95 ${r.p95.toFixed(1)} ms   ${r.errors} errors of ${r.requests}`;
  console.log(`signed-in reads (${PATHS.join(', ')}), ${CONCURRENCY} clients, ${SECONDS} s each, PostgreSQL + s3rver + separate realtime`);
  console.log(line('one web instance behind the proxy', a));
  console.log(line('two web instances behind the proxy', b));
  console.log(`ratio two / one: ${(b.rps / a.rps).toFixed(2)}x`);
  if (a.errors || b.errors) process.exitCode = 1;
} finally {
  await new Promise((r) => single.close(() => r()));
  await cluster.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(process.exitCode ?? 0);
