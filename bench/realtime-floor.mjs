// What loopback TCP alone costs on this machine, for reading bench/realtime.mjs: the same fan-out (one
// write of a 300 B frame to each of N sockets) with no WebSocket, no HTTP call, no SDK and no JSON, and
// readers that only timestamp each chunk, in one worker thread as realtime.mjs's clients are. Whatever
// this floor shows is out of reach of any server code on the same machine: each write(2) also runs the
// receiver's TCP path on loopback, and both threads share the machine's CPUs with everything else.
// Events go out at a fixed rate (an open loop), so the figure is one event's delivery, not a backlog.
// Two rates: 20 events/s, the rate of bench/realtime.mjs's target row (like for like), and 50 events/s.
// With 50 ms between events both threads go idle, and each event starts by waking them: the lower rate
// has read slower on this VM (p95 ~12-14 ms against ~8-10 ms in the same minute, before the warm-up
// below; in the ninth session's runs, with it, 8.0-9.1 against 7.6-8.9 ms). At 20 events/s the readers
// run twice: in a thread that sleeps between reads, and busy-polling as realtime.mjs's instrument does
// (the thread never sleeps, so no read waits for it to be woken).
//
// Each rate starts with a warm-up, as realtime.mjs's runs do: the first BENCH_WARMUP (3) seconds of
// events are sent and read like the rest but not counted.
//
//   node bench/realtime-floor.mjs
//   BENCH_REALTIME_CONNECTIONS=2000 BENCH_RATE=25 node bench/realtime-floor.mjs   (that rate only)

import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { plainTable } from './lib/table.mjs';

const FRAME_BYTES = 300;
const now = () => performance.timeOrigin + performance.now();

if (!isMainThread) readers(workerData);
else if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(plainTable(await bench()));

/** Runs the loopback floor and answers its rows (each rate's). */
export async function bench() {
  const runs = process.env.BENCH_RATE
    ? [{ rate: Number(process.env.BENCH_RATE), busyPoll: false }]
    : [
        { rate: 20, busyPoll: false },
        { rate: 20, busyPoll: true },
        { rate: 50, busyPoll: false },
      ];
  const rows = [];
  for (const { rate, busyPoll } of runs) rows.push(...(await run(rate, busyPoll)));
  return rows;
}

/** One rate: N sockets, one frame to each per event, read by a sleeping or a busy-polling thread. */
async function run(RATE, busyPoll) {
  const CONNECTIONS = Number(process.env.BENCH_REALTIME_CONNECTIONS ?? 1000);
  const MEASURED = Number(process.env.BENCH_MESSAGES ?? 200);
  const WARMUP = Math.round(Number(process.env.BENCH_WARMUP ?? 3) * RATE);
  const EVENTS = WARMUP + MEASURED;
  const sockets = [];
  const server = net.createServer((socket) => {
    socket.setNoDelay(true);
    sockets.push(socket);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const worker = new Worker(new URL(import.meta.url), { workerData: { port: server.address().port, connections: CONNECTIONS, events: EVENTS, busyPoll } });
  const done = new Promise((resolve) => worker.once('message', resolve));
  while (sockets.length < CONNECTIONS) await new Promise((resolve) => setTimeout(resolve, 20));

  const frame = Buffer.alloc(FRAME_BYTES, 0x78);
  const sentAt = [];
  let cpuBefore = process.threadCpuUsage();
  const start = now();
  for (let e = 0; e < EVENTS; e++) {
    const due = start + (e * 1000) / RATE;
    if (due > now()) await new Promise((resolve) => setTimeout(resolve, due - now()));
    if (e === WARMUP) cpuBefore = process.threadCpuUsage();
    sentAt.push(now());
    for (const socket of sockets) socket.write(frame);
  }
  const cpu = process.threadCpuUsage(cpuBefore);
  const { arrivals, readerCpuUs } = await done;
  await worker.terminate();
  for (const socket of sockets) socket.destroy();
  server.close();

  const latencies = Array.from(arrivals.subarray(WARMUP * CONNECTIONS), (at, i) => at - sentAt[WARMUP + Math.floor(i / CONNECTIONS)]).sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))].toFixed(1);
  const reader = busyPoll ? ', busy-polling reader' : '';
  const group = `Loopback floor (${CONNECTIONS} plain TCP sockets, ${FRAME_BYTES} B writes, ${RATE} events/s${reader})`;
  return [
    { group, name: 'writer CPU per event (one write per socket)', value: (cpu.user + cpu.system) / 1000 / MEASURED, unit: 'ms' },
    busyPoll
      ? { group, name: 'reader CPU per message', value: 'a whole CPU (it busy-polls)', unit: '' }
      : { group, name: 'reader CPU per message (warm-up included)', value: readerCpuUs / (CONNECTIONS * EVENTS), unit: 'µs' },
    { group, name: 'delivery latency p50 / p95 / p99', value: `${pct(50)} / ${pct(95)} / ${pct(99)} ms`, unit: '' },
  ];
}

function readers({ port, connections, events, busyPoll }) {
  // arrivals[event * connections + socket]: a socket's bytes arrive in order, so its n-th frame is event n,
  // read when the chunk that completes it is.
  const arrivals = new Float64Array(connections * events);
  const bytes = new Float64Array(connections);
  let received = 0;
  let cpuAtFirst = null;
  // The busy poll: an immediate that queues itself keeps libuv polling with a zero timeout.
  let polling = busyPoll;
  const poll = () => polling && setImmediate(poll);
  poll();
  for (let i = 0; i < connections; i++) {
    const socket = net.connect(port, '127.0.0.1');
    socket.setNoDelay(true);
    socket.on('data', (chunk) => {
      const at = now();
      cpuAtFirst ??= process.threadCpuUsage();
      const before = Math.floor(bytes[i] / FRAME_BYTES);
      bytes[i] += chunk.length;
      const after = Math.floor(bytes[i] / FRAME_BYTES);
      for (let n = before; n < after; n++) arrivals[n * connections + i] = at;
      received += after - before;
      if (received === connections * events) {
        polling = false;
        const used = process.threadCpuUsage(cpuAtFirst);
        parentPort.postMessage({ arrivals, readerCpuUs: used.user + used.system });
      }
    });
  }
}
