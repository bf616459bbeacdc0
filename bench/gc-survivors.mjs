// What survives V8's young-generation collections (scavenges) in plain Node code, with no Astro, HTTP,
// database or promises: FLOWS concurrent "requests", each keeping 10 arrays of 400 small objects for 10
// turns of a round-robin queue (one setImmediate a round), and dropping as much again as garbage.
// bench/RESULTS.md's twelfth session (in its git history): with 25 flows a scavenge keeps 4.8–8.5 MB on average (more than
// the ~3.4 MB the flows hold alive on average, 6.9 MB at most) and the next promotes nearly all of it;
// with 8 flows it keeps what the flows hold. The thirteenth found why: V8's allocation-site pretenuring.
// Once most objects from one allocation site survive, V8 allocates that site's objects in the old
// generation (--trace-pretenuring shows sites switching to "tenure" at survival ratios of 0.8–1.0), and
// what those old objects point to in the young generation is then kept after they are dead. With
// NODE_FLAGS=--no-allocation-site-pretenuring, 25 flows keep ~3.5 MB and promote ~1.7 KB a request
// (31.7–38.5 KB with it on) and need 2 mark-compacts instead of ~50. The product's promotion is not this:
// the same flag left /campaigns at 22.4–23.2 KB promoted an answer against 23.3–23.6 KB.
//
//   node bench/gc-survivors.mjs            # 5 runs each at 8 and 25 flows
//   FLOWS=25 RUNS=3 node bench/gc-survivors.mjs
//   FLOWS=25 RUNS=3 NODE_FLAGS=--no-allocation-site-pretenuring node bench/gc-survivors.mjs
//
// Each run is a child process under --trace-gc-nvp (and NODE_FLAGS); this prints per run the scavenges,
// their mean pause, what survived and what was promoted per scavenge, and the mark-compacts.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SECONDS = 5;

function flows(count) {
  let done = 0;
  const started = Date.now();
  let queue = [];
  const pump = () => {
    const round = queue;
    queue = [];
    for (const step of round) step();
    if (queue.length > 0) setImmediate(pump);
    else console.log(`requests=${done}`);
  };
  const request = (onDone) => {
    const live = [];
    let turn = 0;
    const step = () => {
      live.push(Array.from({ length: 400 }, (_, j) => ({ j, s: `x${j}` })));
      Array.from({ length: 400 }, (_, j) => ({ j, s: `y${j}` }));
      if (++turn < 10) queue.push(step);
      else {
        done++;
        onDone(live.length);
      }
    };
    queue.push(step);
  };
  const connection = () => {
    if (Date.now() - started < SECONDS * 1000) request(connection);
  };
  for (let i = 0; i < count; i++) connection();
  setImmediate(pump);
}

function summary(trace) {
  const scavenges = [];
  let markCompacts = 0;
  for (const line of trace.split('\n')) {
    const fields = Object.fromEntries(
      line
        .split(/\s+/)
        .filter((f) => f.includes('='))
        .map((f) => f.split('=')),
    );
    if (fields.gc === 's') scavenges.push(fields);
    if (fields.gc === 'mc') markCompacts++;
  }
  const mean = (key) => scavenges.reduce((sum, s) => sum + Number.parseFloat(s[key]), 0) / Math.max(1, scavenges.length);
  const requests = Number(/requests=(\d+)/.exec(trace)?.[1] ?? 0);
  return {
    requests,
    scavenges: scavenges.length,
    'pause ms': mean('pause').toFixed(2),
    'survived MB': (mean('new_space_survived') / 2 ** 20).toFixed(1),
    'promoted MB': (mean('promoted') / 2 ** 20).toFixed(1),
    'promoted KB a request': ((mean('promoted') * scavenges.length) / 1024 / Math.max(1, requests)).toFixed(1),
    'mark-compacts': markCompacts,
  };
}

if (process.argv[2] === '--flows') flows(Number(process.argv[3]));
else {
  const runs = Number(process.env.RUNS ?? 5);
  const counts = process.env.FLOWS ? [Number(process.env.FLOWS)] : [8, 25];
  const flags = process.env.NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? [];
  const rows = [];
  for (const count of counts)
    for (let run = 1; run <= runs; run++) {
      const child = spawnSync(process.execPath, ['--trace-gc-nvp', ...flags, fileURLToPath(import.meta.url), '--flows', String(count)], { encoding: 'utf8' });
      rows.push({ flows: count, run, ...summary(child.stdout) });
    }
  console.table(rows);
}
