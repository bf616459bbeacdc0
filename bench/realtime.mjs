// Benchmark of the embedded realtime server: hold N subscribed WebSocket connections, publish M events
// through the signed HTTP events API with the official `pusher` SDK, and report throughput and
// delivery latency (from just before the publishing HTTP call to the frame being read by a client).
// The clients run in a worker thread so their JSON parsing does not queue behind the server's event
// loop; on a small machine they still share its CPUs, so the figures are a floor, not a ceiling.
//
//   npm run bench:realtime
//   BENCH_CONNECTIONS=5000 BENCH_MESSAGES=500 BENCH_CONCURRENCY=10 npm run bench:realtime

import { createServer, Agent } from 'node:http';
import { performance } from 'node:perf_hooks';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import PusherServer from 'pusher';
import WebSocket from 'ws';

const CHANNEL = 'bench';
const app = { appId: 'bench', key: 'bench-key', secret: 'bench-secret' };
// Absolute milliseconds comparable across threads (each thread has its own performance.now origin).
const now = () => performance.timeOrigin + performance.now();

if (isMainThread) await main();
else await clients(workerData);

async function main() {
  const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 2000);
  const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 200);
  const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 1);
  const PAYLOAD_BYTES = Number(process.env.BENCH_PAYLOAD_BYTES ?? 256);
  const { createRealtimeServer } = await import('../src/lib/server/realtime/protocol-server.ts');

  const realtime = createRealtimeServer(app);
  const http = createServer(async (req, res) => {
    if (!(await realtime.handleHttp(req, res))) res.writeHead(404).end();
  });
  http.on('upgrade', (req, socket, head) => {
    if (!realtime.handleUpgrade(req, socket, head)) socket.destroy();
  });
  await new Promise((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address();

  const worker = new Worker(new URL(import.meta.url), { workerData: { port, connections: CONNECTIONS, messages: MESSAGES } });
  const fromWorker = (type) => new Promise((resolve) => worker.on('message', (m) => m.type === type && resolve(m)));
  const ready = await fromWorker('ready');
  const held = realtime.stats().connections;

  const sdk = new PusherServer({
    ...app,
    host: '127.0.0.1',
    port: String(port),
    useTLS: false,
    agent: new Agent({ keepAlive: true, maxSockets: CONCURRENCY }),
  });
  const filler = 'x'.repeat(PAYLOAD_BYTES);
  const finished = fromWorker('done');
  const publishStart = now();
  let next = 0;
  async function publisher() {
    while (next < MESSAGES) {
      const seq = next++;
      await sdk.trigger(CHANNEL, 'tick', { seq, sentAt: now(), filler });
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, publisher));
  const publishedMs = now() - publishStart;
  const { latencies, delivered, lastDeliveryAt } = await Promise.race([
    finished,
    new Promise((resolve) => setTimeout(() => worker.postMessage('report'), 60_000)).then(() => finished),
  ]);
  const elapsedS = (lastDeliveryAt - publishStart) / 1000;
  const expected = CONNECTIONS * MESSAGES;

  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
  const fmt = (n) => n.toFixed(1);

  console.log('Embedded realtime server benchmark (server + publisher in the main thread, clients in a worker)');
  console.log(`node ${process.version}, payload ${PAYLOAD_BYTES} B, publish concurrency ${CONCURRENCY}`);
  console.log(`connections held:        ${held} (opened and subscribed in ${fmt(ready.connectMs)} ms)`);
  console.log(`events published:        ${MESSAGES} via POST /apps/${app.appId}/events in ${fmt(publishedMs)} ms (${fmt(MESSAGES / (publishedMs / 1000))}/s)`);
  console.log(`messages delivered:      ${delivered} of ${expected}`);
  console.log(`delivered per second:    ${Math.round(delivered / elapsedS)}`);
  console.log(`delivery latency (ms):   p50 ${fmt(pct(50))}  p95 ${fmt(pct(95))}  p99 ${fmt(pct(99))}  max ${fmt(latencies.at(-1) ?? NaN)}`);

  await worker.terminate();
  await realtime.close();
  http.closeAllConnections();
  http.close();
  process.exit(delivered === expected ? 0 : 1);
}

async function clients({ port, connections, messages }) {
  const latencies = [];
  let delivered = 0;
  let lastDeliveryAt = 0;
  const expected = connections * messages;
  const report = () => parentPort.postMessage({ type: 'done', latencies, delivered, lastDeliveryAt });
  parentPort.on('message', (m) => m === 'report' && report());

  function connect() {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${app.key}?protocol=7&client=bench&version=1`);
      ws.on('error', reject);
      ws.on('message', (raw) => {
        const message = JSON.parse(raw.toString());
        if (message.event === 'tick') {
          const at = now();
          latencies.push(at - JSON.parse(message.data).sentAt);
          lastDeliveryAt = at;
          if (++delivered === expected) report();
        } else if (message.event === 'pusher:connection_established') {
          ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: CHANNEL } }));
        } else if (message.event === 'pusher_internal:subscription_succeeded') {
          resolve(ws);
        }
      });
    });
  }

  const start = now();
  // Batches keep the accept backlog from overflowing while still opening connections in parallel.
  for (let i = 0; i < connections; i += 200) {
    await Promise.all(Array.from({ length: Math.min(200, connections - i) }, connect));
  }
  parentPort.postMessage({ type: 'ready', connectMs: now() - start });
}
