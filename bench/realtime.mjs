// Benchmark of the embedded realtime server: hold N subscribed WebSocket connections, publish M events
// through the signed HTTP events API with the official `pusher` SDK, and report throughput and
// delivery latency (from just before the publishing HTTP call to the frame being read by a client).
// The clients run in a worker thread so their JSON parsing does not queue behind the server's event
// loop; on a small machine they still share its CPUs, so the figures are a floor, not a ceiling.
//
// Three runs. First events at a steady rate, BENCH_RATE (20) a second, each to every subscriber: the
// delivery latency of an event, the figure the target is about, twice with two kinds of client.
//  - The instrument (the target's row): one thread plays the 1,000 subscribers and must not add its own
//    costs 1,000 times to each event, as 1,000 real subscribers (each on its own device, each woken once
//    by its one frame) never would. So it does what a latency instrument does: it busy-polls (the thread
//    never sleeps in epoll_wait, so no frame waits for the instrument to be woken: on this VM a thread
//    that sleeps between events reads an event's first frame ~1.4 ms later, and each next one later
//    still), and it reads each frame's header itself and notes only when the frame came (no ws parser
//    per message). It speaks the protocol itself: handshake, masked subscribe, the two setup messages,
//    then ticks. It costs a whole CPU while it runs, leaving the server the other one.
//  - The ws clients: the same subscribers as the `ws` package's WebSocket objects in a thread that
//    sleeps between reads, as a Node subscriber would run. No target: its ~10 µs a message (the
//    wake-up, ws's frame parser, the event), paid 1,000 times an event in one thread on two vCPUs, is
//    in what it reads.
// Then a closed loop (ws clients), the next event going out when the previous call has been answered:
// as fast as the slowest stage, which on 2 cores is the one client thread, so its latencies include the
// backlog that builds (no target on them); it says how many messages a second the machine moves.
// BENCH_RATE=0 runs the closed loop only. The CPU time of the server's thread per event (it also runs
// the publishing SDK) is reported too: a busy machine disturbs it far less than the latencies.
// Each run starts with a warm-up, as the HTTP runs do (BENCH_WARMUP, 3 s): the first 3 s worth of
// events at the steady rate (60 at 20 events/s; the closed loop sends as many) go to every subscriber
// like the rest, and are reported on their own row, not counted in the figures after it. They run while
// the code on both sides is still being compiled and the garbage of 1,000 handshakes collected (a 9 ms
// mark-compact and 2-5 ms scavenges in the server's thread): without a warm-up, the first ~20 events
// of a run read 10-25 ms, a tenth of its events, and so set its p95.
//
//   npm run bench:realtime
//   BENCH_REALTIME_CONNECTIONS=5000 BENCH_MESSAGES=500 BENCH_CONCURRENCY=10 npm run bench:realtime
//   BENCH_RATE=50 npm run bench:realtime
// Target (issue #16): p95 delivery at most 10 ms with 1,000 subscribers on loopback.

import { randomBytes } from 'node:crypto';
import { createServer, Agent } from 'node:http';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import PusherServer from 'pusher';
import WebSocket from 'ws';
import { plainTable } from './lib/table.mjs';

const CHANNEL = 'bench';
// The instrument's one read buffer (see connectRaw).
const READ_BUFFER = Buffer.alloc(64 * 1024);
const app = { appId: 'bench', key: 'bench-key', secret: 'bench-secret' };
// Absolute milliseconds comparable across threads (each thread has its own performance.now origin).
const now = () => performance.timeOrigin + performance.now();

if (!isMainThread) await clients(workerData);
else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = await bench();
  console.log(plainTable(rows));
  process.exit(rows.some((r) => r.met === false) ? 1 : 0);
}

/**
 * Runs the realtime benchmark and answers its rows: delivery at a steady rate (the target's figure:
 * what one event takes to reach every subscriber), then the closed loop (how many messages a second
 * the machine moves, with the backlog that builds in its latencies).
 */
export async function bench() {
  const CONNECTIONS = Number(process.env.BENCH_REALTIME_CONNECTIONS ?? 1000);
  const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 200);
  const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 1);
  const PAYLOAD_BYTES = Number(process.env.BENCH_PAYLOAD_BYTES ?? 256);
  const RATE = Number(process.env.BENCH_RATE ?? 20);
  const WARMUP = Math.round(Number(process.env.BENCH_WARMUP ?? 3) * (RATE > 0 ? RATE : 20));
  const base = { CONNECTIONS, MESSAGES, WARMUP, CONCURRENCY, PAYLOAD_BYTES };
  const steady = RATE > 0 ? await run({ ...base, RATE, instrument: true, target: true }) : [];
  const steadyWs = RATE > 0 ? await run({ ...base, RATE, instrument: false, target: false }) : [];
  const closed = await run({ ...base, RATE: 0, instrument: false, target: RATE <= 0 });
  return [...steady, ...steadyWs, ...closed];
}

/**
 * One run: N subscribers, M events published at RATE per second (0: a closed loop of CONCURRENCY
 * publishers), read by the instrument or by ws clients.
 */
async function run({ CONNECTIONS, MESSAGES, WARMUP, CONCURRENCY, PAYLOAD_BYTES, RATE, instrument, target: withTarget }) {
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

  // Events 0 to WARMUP - 1 are the warm-up ('warm-up' events, so ws clients can tell), the rest are measured.
  const TOTAL = WARMUP + MESSAGES;
  const worker = new Worker(new URL(import.meta.url), { workerData: { port, connections: CONNECTIONS, messages: TOTAL, warmup: WARMUP, instrument } });
  const fromWorker = (type) => new Promise((resolve) => worker.on('message', (m) => m.type === type && resolve(m)));
  const ready = await fromWorker('ready');
  const connectMs = ready.connectMs;
  const held = realtime.stats().connections;

  const sdk = new PusherServer({
    ...app,
    host: '127.0.0.1',
    port: String(port),
    useTLS: false,
    // The open loop publishes over one connection, so the server takes the events in the order sent
    // (the instrument matches a socket's n-th frame to event n).
    agent: new Agent({ keepAlive: true, maxSockets: RATE > 0 ? 1 : CONCURRENCY }),
  });
  const filler = 'x'.repeat(PAYLOAD_BYTES);
  const finished = fromWorker('done');
  // When each event was sent, by its seq (the instrument's arrivals are matched to these).
  const sentAt = new Float64Array(TOTAL);
  // The measured part starts with the first event after the warm-up.
  let cpuBefore = process.threadCpuUsage();
  let measuredStart = now();
  const publish = (seq) => {
    sentAt[seq] = now();
    if (seq === WARMUP) {
      cpuBefore = process.threadCpuUsage();
      measuredStart = sentAt[seq];
    }
    return sdk.trigger(CHANNEL, seq < WARMUP ? 'warm-up' : 'tick', { seq, sentAt: sentAt[seq], filler });
  };
  let next = 0;
  async function publisher() {
    while (next < TOTAL) await publish(next++);
  }
  async function openLoop() {
    const calls = [];
    const start = now();
    for (let seq = 0; seq < TOTAL; seq++) {
      const due = start + (seq * 1000) / RATE;
      if (due > now()) await new Promise((resolve) => setTimeout(resolve, due - now()));
      calls.push(publish(seq));
    }
    await Promise.all(calls);
  }
  await (RATE > 0 ? openLoop() : Promise.all(Array.from({ length: CONCURRENCY }, publisher)));
  const publishedMs = now() - measuredStart;
  const serverCpu = process.threadCpuUsage(cpuBefore);
  const serverCpuMs = (serverCpu.user + serverCpu.system) / 1000;
  const {
    latencies: measured,
    warmLatencies,
    arrivals,
    delivered,
    lastDeliveryAt,
    clientCpuUs,
  } = await Promise.race([
    finished,
    new Promise((resolve) => setTimeout(resolve, 60_000)).then(() => {
      worker.postMessage('report');
      return finished;
    }),
  ]);
  const elapsedS = (lastDeliveryAt - measuredStart) / 1000;
  const expected = CONNECTIONS * TOTAL;

  // The instrument sends arrivals[event * CONNECTIONS + socket] (0: never arrived); ws clients, latencies
  // (warm-up and measured apart).
  const fromArrivals = (from, to) =>
    Array.from(arrivals.subarray(from * CONNECTIONS, to * CONNECTIONS), (at, i) => (at > 0 ? at - sentAt[from + Math.floor(i / CONNECTIONS)] : NaN)).filter(
      (l) => !Number.isNaN(l),
    );
  const latencies = arrivals ? fromArrivals(WARMUP, TOTAL) : measured;
  const warmUp = arrivals ? fromArrivals(0, WARMUP) : warmLatencies;
  latencies.sort((a, b) => a - b);
  warmUp.sort((a, b) => a - b);
  const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
  const pct = (p) => percentile(latencies, p);

  await worker.terminate();
  await realtime.close();
  http.closeAllConnections();
  http.close();
  const load = RATE > 0 ? `${RATE} events/s` : `closed loop, publish concurrency ${CONCURRENCY}`;
  const reader = instrument ? 'busy-polling instrument' : 'ws clients';
  const group = `Realtime (${CONNECTIONS} subscribers, ${PAYLOAD_BYTES} B events, ${load}, ${reader})`;
  const target = withTarget && CONNECTIONS >= 1000 ? { target: '≤ 10 ms (1,000 subscribers)', met: pct(95) <= 10 } : {};
  return [
    { group, name: 'connections held', value: `${held} (opened and subscribed in ${connectMs.toFixed(0)} ms)`, unit: '' },
    {
      group,
      name: 'events published (after the warm-up)',
      value: `${MESSAGES} in ${publishedMs.toFixed(0)} ms (${Math.round(MESSAGES / (publishedMs / 1000))}/s)`,
      unit: '',
    },
    { group, name: 'messages delivered (warm-up included)', value: `${delivered} of ${expected}`, unit: '', met: delivered === expected },
    { group, name: 'messages delivered per second (after the warm-up)', value: Math.round((CONNECTIONS * MESSAGES) / elapsedS), unit: '/s' },
    { group, name: 'delivery latency p50', value: pct(50), unit: 'ms' },
    { group, name: 'delivery latency p95', value: pct(95), unit: 'ms', ...target },
    { group, name: 'delivery latency p99 / max', value: `${pct(99).toFixed(1)} / ${(latencies.at(-1) ?? NaN).toFixed(1)} ms`, unit: '' },
    ...(WARMUP > 0
      ? [
          {
            group,
            name: `warm-up (the ${WARMUP} events before, not counted) p95 / max`,
            value: `${percentile(warmUp, 95).toFixed(1)} / ${(warmUp.at(-1) ?? NaN).toFixed(1)} ms`,
            unit: '',
          },
        ]
      : []),
    { group, name: 'server thread CPU per event (and the SDK)', value: serverCpuMs / MESSAGES, unit: 'ms' },
    instrument
      ? { group, name: 'client thread CPU per message received', value: 'a whole CPU (it busy-polls)', unit: '' }
      : { group, name: 'client thread CPU per message received', value: clientCpuUs / Math.max(1, delivered), unit: 'µs' },
  ];
}

/** The `sentAt` a tick carries, read from the frame's bytes without parsing it (the JSON is double-encoded). */
function sentAtOf(raw) {
  const at = raw.indexOf(SENT_AT);
  if (at < 0) return Number.NaN;
  let end = at + SENT_AT.length;
  while (end < raw.length && ((raw[end] >= 48 && raw[end] <= 57) || raw[end] === 46)) end++;
  return Number(raw.toString('latin1', at + SENT_AT.length, end));
}
const SENT_AT = Buffer.from('sentAt\\":');
const WARM_UP = Buffer.from('{"event":"warm-up"');

async function clients({ port, connections, messages, warmup, instrument }) {
  // Each frame is timed as it arrives and only its latency kept (a few bytes read, no JSON parsed, no
  // frame held), so the one thread that plays every client spends as little as it can between two
  // reads, and keeps no heap for the garbage collector to stop it over. The instrument does less still:
  // a socket's frames arrive in the order the events were published (one publishing connection, one
  // event at a time), so its n-th tick is event n, and only the time is kept, in arrivals[n * connections
  // + socket], as bench/realtime-floor.mjs does; the main thread subtracts each event's send time.
  const expected = connections * messages;
  // ws clients keep the warm-up's latencies apart (a 'warm-up' event starts its frame with WARM_UP).
  const latencies = instrument ? null : new Float64Array(connections * (messages - warmup));
  const warmLatencies = instrument ? null : new Float64Array(connections * warmup);
  let warmDelivered = 0;
  const arrivals = instrument ? new Float64Array(expected) : null;
  const ticksOf = instrument ? new Uint32Array(connections) : null;
  let delivered = 0;
  let lastDeliveryAt = 0;
  let cpuAtFirst = null;
  let finished = false;
  const report = () => {
    finished = true;
    const used = process.threadCpuUsage(cpuAtFirst ?? undefined);
    const clientCpuUs = cpuAtFirst ? used.user + used.system : 0;
    const measured = latencies
      ? { latencies: Array.from(latencies.subarray(0, delivered - warmDelivered)), warmLatencies: Array.from(warmLatencies.subarray(0, warmDelivered)) }
      : { arrivals };
    parentPort.postMessage({ type: 'done', ...measured, delivered, lastDeliveryAt, clientCpuUs });
  };
  parentPort.on('message', (m) => m === 'report' && report());
  const onTick = (raw) => {
    cpuAtFirst ??= process.threadCpuUsage();
    lastDeliveryAt = now();
    const latency = lastDeliveryAt - sentAtOf(raw);
    if (raw.compare(WARM_UP, 0, WARM_UP.length, 0, WARM_UP.length) === 0) warmLatencies[warmDelivered++] = latency;
    else latencies[delivered - warmDelivered] = latency;
    if (++delivered === expected) report();
  };
  const onInstrumentTick = (socket) => {
    lastDeliveryAt = now();
    arrivals[ticksOf[socket]++ * connections + socket] = lastDeliveryAt;
    if (++delivered === expected) report();
  };
  // The instrument's busy poll, from the first connection to the report: an immediate that queues
  // itself keeps libuv polling with a zero timeout, so the thread never sleeps in epoll_wait. (Polling
  // only while frames flow, and sleeping between events, reads ~15 ms like the ws clients: on this VM
  // a vCPU that has gone idle for the 50 ms between events takes ~1.4 ms to run again, and its reads
  // then cost more, so that would measure the instrument's own wake-up once more.)
  const poll = () => !finished && setImmediate(poll);
  if (instrument) poll();

  let opened = 0;
  function connect() {
    const socket = opened++;
    if (instrument) return connectRaw(port, () => onInstrumentTick(socket));
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${app.key}?protocol=7&client=bench&version=1`);
      ws.on('error', reject);
      const setup = (raw) => {
        const message = JSON.parse(raw.toString());
        if (message.event === 'pusher:connection_established') {
          ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: CHANNEL } }));
        } else if (message.event === 'pusher_internal:subscription_succeeded') {
          // Nothing but ticks from here on (the benchmark's activity timeout outlasts the run).
          ws.off('message', setup);
          ws.on('message', onTick);
          resolve(ws);
        }
      };
      ws.on('message', setup);
    });
  }

  const start = now();
  // Batches keep the accept backlog from overflowing while still opening connections in parallel.
  for (let i = 0; i < connections; i += 200) {
    await Promise.all(Array.from({ length: Math.min(200, connections - i) }, connect));
  }
  parentPort.postMessage({ type: 'ready', connectMs: now() - start });
}

/**
 * The instrument's subscriber: a WebSocket opened by hand on a TCP socket (RFC 6455 handshake, a masked
 * `pusher:subscribe`), resolving once subscribed; from then on `onTick` is called for each text frame
 * a read completes. Server frames are unmasked; ticks are far under 64 KiB.
 * Reads go through net's `onread` into one buffer every socket shares (each read is handled before the
 * next one), skipping the stream machinery a 'data' listener pays per read; a frame cut by a read is
 * copied out until the rest comes.
 */
function connectRaw(port, onTick) {
  return new Promise((resolve, reject) => {
    let pending = null;
    let upgraded = false;
    let subscribed = false;
    const onMessage = (payload) => {
      if (subscribed) return onTick();
      const message = JSON.parse(payload.toString());
      if (message.event === 'pusher:connection_established')
        socket.write(maskedFrame(JSON.stringify({ event: 'pusher:subscribe', data: { channel: CHANNEL } })));
      else if (message.event === 'pusher_internal:subscription_succeeded') {
        subscribed = true;
        resolve(socket);
      }
    };
    const onRead = (nread, buffer) => {
      let bytes = pending ? Buffer.concat([pending, buffer.subarray(0, nread)]) : buffer.subarray(0, nread);
      pending = null;
      if (!upgraded) {
        const end = bytes.indexOf('\r\n\r\n');
        if (end < 0) {
          pending = Buffer.from(bytes);
          return;
        }
        if (!bytes.toString('latin1', 0, 12).startsWith('HTTP/1.1 101')) return void reject(new Error(bytes.toString('latin1', 0, end)));
        upgraded = true;
        bytes = bytes.subarray(end + 4);
      }
      let at = 0;
      while (bytes.length - at >= 2) {
        const short = bytes[at + 1] & 0x7f;
        const header = short === 126 ? 4 : 2;
        if (bytes.length - at < header) break;
        const length = short === 126 ? bytes.readUInt16BE(at + 2) : short;
        if (bytes.length - at < header + length) break;
        if ((bytes[at] & 0x0f) === 1) onMessage(bytes.subarray(at + header, at + header + length));
        at += header + length;
      }
      if (at < bytes.length) pending = Buffer.from(bytes.subarray(at));
    };
    const socket = net.connect({ port, host: '127.0.0.1', noDelay: true, onread: { buffer: READ_BUFFER, callback: onRead } });
    socket.on('error', reject);
    socket.once('connect', () => {
      const key = randomBytes(16).toString('base64');
      socket.write(
        `GET /app/${app.key}?protocol=7&client=bench&version=1 HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
    });
  });
}

/** A client's text frame: masked, as RFC 6455 requires of clients (payloads under 126 bytes here). */
function maskedFrame(text) {
  const payload = Buffer.from(text);
  const mask = randomBytes(4);
  const out = Buffer.alloc(6 + payload.length);
  out[0] = 0x81;
  out[1] = 0x80 | payload.length;
  mask.copy(out, 2);
  for (let i = 0; i < payload.length; i++) out[6 + i] = payload[i] ^ mask[i % 4];
  return out;
}
