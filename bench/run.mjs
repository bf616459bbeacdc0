// `npm run bench`: every benchmark of the product in one run, one table.
//
// A benchmark is a module in this folder (not lib/) that exports `async function bench()` answering rows
// `{ group, name, value, unit, target?, met?, note? }` (see lib/table.mjs). To add one, drop
// `bench/<name>.mjs` with that export here: run.mjs finds it, runs it in its own process (so it may
// start servers, set process.env or exit), and adds its rows to the table. pages.mjs runs first (the
// product's HTTP figures), then realtime.mjs and import.mjs, then the others by name. Each module also
// runs alone (`node bench/<name>.mjs`) and prints its own rows. A plain script without that export still
// runs, in its own process, with its output shown as it goes; the table then says whether it succeeded.
//
//   npm run bench                                 PGlite, a fresh data directory
//   DATABASE_URL=postgres://… npm run bench       PostgreSQL: a fresh database beside the one named
//   npm run bench -- --write                      also writes this run into bench/RESULTS.md (one page)
//   npm run bench -- pages realtime               only these modules
//   BENCH_CONNECTIONS (25), BENCH_DURATION (10 s), BENCH_WARMUP (3 s): the HTTP load
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { markdownTable, plainTable, resultRows } from './lib/table.mjs';

const dir = fileURLToPath(new URL('.', import.meta.url));
const FIRST = ['pages.mjs', 'realtime.mjs', 'import.mjs'];
const args = process.argv.slice(2);
const write = args.includes('--write');
const only = args.filter((a) => !a.startsWith('--')).map((a) => (a.endsWith('.mjs') ? a : `${a}.mjs`));
const modules = readdirSync(dir)
  .filter((f) => f.endsWith('.mjs') && f !== 'run.mjs')
  .sort((a, b) => (FIRST.indexOf(a) + 1 || 99) - (FIRST.indexOf(b) + 1 || 99) || a.localeCompare(b))
  .filter((f) => only.length === 0 || only.includes(f));

/** A script that does not export bench(): its own output is its report; the table records how it ended. */
function runScript(file) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [`${dir}${file}`], { stdio: 'inherit', env: process.env });
    child.on('exit', (code) =>
      resolve([
        { group: file, name: 'ran as a script (its figures are printed above)', value: code === 0 ? 'done' : `exit ${code}`, unit: '', met: code === 0 },
      ]),
    );
  });
}

function runModule(file) {
  if (!/export\s+(async\s+)?function\s+bench\b/.test(readFileSync(`${dir}${file}`, 'utf8'))) return runScript(file);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`${dir}lib/run-module.mjs`, `${dir}${file}`], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], env: process.env });
    let rows = null;
    child.on('message', (m) => (rows = m.rows));
    child.on('exit', (code) => (rows ? resolve(rows) : reject(new Error(`${file} exited with ${code} before answering its rows`))));
  });
}

const started = new Date();
const loadBefore = loadavg();
const all = [];
let failed = false;
for (const file of modules) {
  process.stderr.write(`\n== ${file} ==\n`);
  try {
    all.push(...(await runModule(file)));
  } catch (error) {
    failed = true;
    all.push({ group: file, name: 'failed', value: error.message, unit: '', met: false });
  }
}
const loadAfter = loadavg();

const cpu = cpus();
const conditions = [
  `${started.toISOString().slice(0, 16).replace('T', ' ')} UTC, node ${process.version}, ${cpu.length} × ${cpu[0]?.model ?? 'CPU'}`,
  `database: ${process.env.DATABASE_URL ? 'PostgreSQL (a fresh database)' : 'PGlite (a fresh data directory)'}; load average before ${loadBefore.map((n) => n.toFixed(2)).join(' ')}, after ${loadAfter.map((n) => n.toFixed(2)).join(' ')}`,
].join('\n');

console.log(`\n${conditions}\n\n${plainTable(all)}`);
const missed = all.filter((r) => r.met === false);
console.log(missed.length ? `\n${missed.length} target(s) missed.` : '\nEvery target met.');

if (write) {
  // bench/RESULTS.md is one page: how to read and reproduce the figures, then the latest run written with
  // --write (PGlite or PostgreSQL, named in its conditions), without its detail rows (lib/table.mjs).
  const file = fileURLToPath(new URL('./RESULTS.md', import.meta.url));
  const section = `<!-- begin run -->\n## The latest run\n\n${conditions.replace(/\n/g, '  \n')}\n\n${markdownTable(resultRows(all))}\n<!-- end run -->`;
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmark results\n';
  const pattern = /<!-- begin run -->[\s\S]*?<!-- end run -->/;
  writeFileSync(file, pattern.test(previous) ? previous.replace(pattern, () => section) : `${previous.trimEnd()}\n\n${section}\n`);
  console.log(`Wrote the latest run into ${file}`);
}
process.exit(failed ? 1 : 0);
