// Compares builds of the product side by side in one run (not part of `npm run bench`: it needs several
// builds). Each argument is a folder holding a build's `dist/` and a copy of `server/` (with node_modules
// reachable from it, e.g. a symlink); docs/performance.md shows how the patch comparison made them.
//
//   node bench/ab/builds.mjs /tmp/ab/all /tmp/ab/none [...]
//
// Every build starts at once on its own fresh PGlite database with the demo data; then, round after round
// (BENCH_AB_ROUNDS, 5), each build in turn (the order rotating every round) takes the same load on each path
// (BENCH_AB_PATHS, "/campaigns,/sponsorships"). So a machine whose load drifts skews every build alike. Per
// build and path it prints requests/s and the product's own CPU time per request (user + system from
// /proc/<pid>/stat, the figure least moved by other work on the machine), as median and range of the rounds.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { measure } from '../lib/load.mjs';
import { signIn, startProduct } from '../lib/product.mjs';

const dirs = process.argv.slice(2);
if (dirs.length < 2) throw new Error('usage: node bench/ab/builds.mjs <build folder> <build folder> [...]');
const ROUNDS = Number(process.env.BENCH_AB_ROUNDS ?? 5);
const PATHS = (process.env.BENCH_AB_PATHS ?? '/campaigns,/sponsorships').split(',');
const WHO = { '/campaigns': 'brand@cuepoint.test', '/sponsorships': 'podcaster@cuepoint.test' };

/** CPU seconds (user + system) a process has used so far. */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ 100)
}

const builds = [];
try {
  for (const dir of dirs) {
    const product = await startProduct({ root: dir });
    builds.push({ name: basename(dir), product, runs: Object.fromEntries(PATHS.map((p) => [p, []])) });
    process.stderr.write(`started ${basename(dir)} (pid ${product.pid})\n`);
  }
  for (let round = 0; round < ROUNDS; round++) {
    const order = builds.map((_, i) => builds[(i + round) % builds.length]);
    for (const b of order) {
      for (const path of PATHS) {
        // Signed in afresh for each measurement: an access token lives 5 minutes (ACCESS_TOKEN_TTL).
        const { cookie } = await signIn(b.product.url, WHO[path] ?? 'brand@cuepoint.test');
        const before = cpuSeconds(b.product.pid);
        const r = await measure(`${b.product.url}${path}`, { cookie });
        const cpu = cpuSeconds(b.product.pid) - before;
        // The warm-up's requests are in the CPU time too: count them at the measured rate.
        const requests = r.total * (1 + Number(process.env.BENCH_WARMUP ?? 3) / Number(process.env.BENCH_DURATION ?? 10));
        b.runs[path].push({ rps: r.rps, cpuMs: (cpu * 1000) / requests, p99: r.p99 });
        process.stderr.write(`  round ${round + 1} ${b.name} ${path}: ${r.rps.toFixed(0)} req/s, ${((cpu * 1000) / requests).toFixed(2)} ms CPU/request\n`);
      }
    }
  }
} finally {
  for (const b of builds) await b.product.stop();
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const span = (xs, digits) => `${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)}`;
console.log(`\n${ROUNDS} rounds, interleaved; median (range)`);
console.log(['build', 'path', 'requests/s', 'CPU ms/request', 'p99 ms'].join(' | '));
for (const path of PATHS)
  for (const b of builds) {
    const runs = b.runs[path];
    const rps = runs.map((r) => r.rps);
    const cpu = runs.map((r) => r.cpuMs);
    const p99 = runs.map((r) => r.p99);
    console.log(
      [b.name, path, `${median(rps).toFixed(0)} (${span(rps, 0)})`, `${median(cpu).toFixed(2)} (${span(cpu, 2)})`, `${median(p99)} (${span(p99, 0)})`].join(
        ' | ',
      ),
    );
  }
