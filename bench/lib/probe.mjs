// Preloaded into the product's process by the benchmark (node --import): counts the SQL statements each
// HTTP request sends through the database client (the hook in src/lib/server/db/client.ts), keyed by
// path, and hands the counts to the parent over IPC. Background work (the queue) is not counted.
import { AsyncLocalStorage } from 'node:async_hooks';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { PerformanceObserver } from 'node:perf_hooks';
import { Session } from 'node:inspector/promises';

const current = new AsyncLocalStorage();
/** path -> { requests, statements (total), counts (per request), queries (of the last request that asked for them) } */
let byPath = new Map();

globalThis[Symbol.for('cuepoint.db.statement')] = (query) => {
  const request = current.getStore();
  if (!request) return;
  request.statements++;
  if (request.keep) request.queries.push(query);
};

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, ...rest) {
  if (event !== 'request') return emit.call(this, event, ...rest);
  const [req, res] = rest;
  const path = (req.url ?? '/').split('?')[0];
  const request = { statements: 0, keep: req.headers['x-bench-queries'] === '1', queries: [] };
  res.once('finish', () => {
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
    process.send?.({ profiling: true });
  } else if (message?.profile === 'stop' && session) {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(message.file, JSON.stringify(profile));
    session.disconnect();
    session = null;
    process.send?.({ profiled: message.file });
  }
});

// Garbage collection since the last ask: pauses and their total milliseconds ('gc').
let gc = { pauses: 0, ms: 0 };
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    gc.pauses++;
    gc.ms += entry.duration;
  }
}).observe({ entryTypes: ['gc'] });
process.on('message', (message) => {
  if (message !== 'gc') return;
  process.send?.({ gc });
  gc = { pauses: 0, ms: 0 };
});

process.on('message', (message) => {
  if (message !== 'statements') return;
  process.send?.({ statements: Object.fromEntries(byPath) });
  byPath = new Map();
});
