// Preloaded into the product's process by the benchmark (node --import): counts the SQL statements each
// HTTP request sends through the database client (the hook in src/lib/server/db/client.ts), less those
// the page-read cache answered, keyed by path, and hands the counts to the parent over IPC. Background
// work (the queue) is not counted.
import { AsyncLocalStorage } from 'node:async_hooks';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { Session } from 'node:inspector/promises';

const current = new AsyncLocalStorage();
const STARTED = Symbol.for('cuepoint.request.started');
/**
 * Milliseconds from each request's start (when it left the product's first-come-first-served queue,
 * server/fair-queue.mjs) to its answer's last byte handed to the socket ('inServer').
 */
let inServer = [];
let slow = [];
process.on('message', (message) => {
  if (message !== 'inServer') return;
  const sorted = inServer.sort((a, b) => a - b);
  const at = (q) => Math.round((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0) * 10) / 10;
  const byStatements = {};
  // Slow answers by their statements and whether they were sent whole (w) or streamed (s): one that
  // waited on a load (its own, or another request's it shared) streams.
  for (const s of slow) {
    const key = `${s.statements}${s.whole ? 'w' : 's'}`;
    byStatements[key] = (byStatements[key] ?? 0) + 1;
  }
  process.send?.({ inServer: { count: sorted.length, p50: at(0.5), p90: at(0.9), p99: at(0.99), max: at(1), over10ms: slow.length, byStatements } });
  inServer = [];
  slow = [];
});
/** path -> { requests, statements (total), counts (per request), queries (of the last request that asked for them) } */
let byPath = new Map();

globalThis[Symbol.for('cuepoint.db.statement')] = (query) => {
  const request = current.getStore();
  if (!request) return;
  request.statements++;
  request.last = query;
  if (request.keep) request.queries.push(query);
};
// The statement Drizzle just logged was answered by the page-read cache (src/lib/server/db/read-cache.ts)
// and never reached the database: it is not counted. (Only that one: what reached the driver without
// Drizzle, such as the job queue's own reads, was never counted.)
globalThis[Symbol.for('cuepoint.db.statement.cached')] = (text) => {
  const request = current.getStore();
  if (!request || request.last !== text) return;
  request.last = null;
  request.statements--;
  if (request.keep) request.queries.push(`(answered from the page-read cache) ${request.queries.pop()}`);
};

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, ...rest) {
  if (event !== 'request') return emit.call(this, event, ...rest);
  const [req, res] = rest;
  const path = (req.url ?? '/').split('?')[0];
  const request = { statements: 0, last: null, keep: req.headers['x-bench-queries'] === '1', queries: [] };
  const started = performance.now();
  res.once('finish', () => {
    const took = performance.now() - (req[STARTED] ?? started);
    inServer.push(took);
    if (took > 10) slow.push({ statements: request.statements, whole: res.hasHeader('content-length') });
    const entry = byPath.get(path) ?? { requests: 0, statements: 0, counts: [], queries: [] };
    entry.requests++;
    entry.statements += request.statements;
    entry.counts.push(request.statements);
    if (request.keep) entry.queries = request.queries;
    byPath.set(path, entry);
  });
  return current.run(request, () => emit.call(this, event, ...rest));
};

// A V8 CPU profile of a window of load (bench/lib/product.mjs `profile(file)`): `{ profile: 'start' }`
// starts it, `{ profile: 'stop', file }` writes it (open it in Chrome DevTools) and answers.
let session = null;
process.on('message', async (message) => {
  if (message?.profile === 'start') {
    session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
    if (process.env.BENCH_HEAP_PROFILE) {
      const survivors = process.env.BENCH_HEAP_PROFILE === 'survivors';
      await session.post('HeapProfiler.startSampling', {
        samplingInterval: 16384,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: !survivors,
      });
    }
    process.send?.({ profiling: true });
  } else if (message?.profile === 'stop' && session) {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(message.file, JSON.stringify(profile));
    // BENCH_HEAP_PROFILE=1 in the product's environment: a sampled allocation profile beside it
    // (=survivors: only what outlived a young-generation collection).
    if (process.env.BENCH_HEAP_PROFILE) {
      const { profile: heap } = await session.post('HeapProfiler.stopSampling');
      writeFileSync(message.file.replace(/\.cpuprofile$/, '.heapprofile'), JSON.stringify(heap));
    }
    session.disconnect();
    session = null;
    process.send?.({ profiled: message.file });
  }
});

// Garbage collection since the last ask: pauses, their total and longest milliseconds, the major
// (mark-compact) ones apart, and the event loop's delay (p99 and longest, ms) ('gc').
const GC_MAJOR = constants.NODE_PERFORMANCE_GC_MAJOR;
const fresh = () => ({ pauses: 0, ms: 0, max: 0, major: 0, majorMs: 0 });
let gc = fresh();
const loop = monitorEventLoopDelay({ resolution: 5 });
loop.enable();
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    gc.pauses++;
    gc.ms += entry.duration;
    gc.max = Math.max(gc.max, entry.duration);
    if (entry.detail?.kind === GC_MAJOR) {
      gc.major++;
      gc.majorMs += entry.duration;
    }
  }
}).observe({ entryTypes: ['gc'] });
process.on('message', (message) => {
  if (message !== 'gc') return;
  const round = (n) => Math.round(n * 10) / 10;
  const answer = {
    ...gc,
    ms: round(gc.ms),
    max: round(gc.max),
    majorMs: round(gc.majorMs),
    loopP99: round(loop.percentile(99) / 1e6),
    loopMax: round(loop.max / 1e6),
  };
  process.send?.({ gc: answer });
  gc = fresh();
  loop.reset();
});

process.on('message', (message) => {
  if (message !== 'statements') return;
  process.send?.({ statements: Object.fromEntries(byPath) });
  byPath = new Map();
});
