// Benchmark of the hosting feed import: `npm run bench:import` (BENCH_EPISODES=5000 for a larger feed).
// The domain code is TypeScript with extensionless imports, so it is bundled first with esbuild
// (Astro's own build dependency), packages left external, then run.
import { build } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { plainTable } from './lib/table.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Bundles and runs the import benchmark; answers its rows. */
export async function bench() {
  const out = join(mkdtempSync(join(root, 'node_modules', '.bench-')), 'import-bench.mjs');
  await build({
    entryPoints: [join(root, 'bench/import-entry.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    outfile: out,
    logLevel: 'warning',
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  });
  let r;
  try {
    r = await (await import(pathToFileURL(out).href)).runImportBench();
  } finally {
    rmSync(join(out, '..'), { recursive: true, force: true });
  }
  const group = `Hosting import (PGlite, ${r.episodes} episodes from a local host)`;
  return [
    {
      group,
      name: 'episodes imported',
      value: `${r.imported} (${r.inDatabase} in the database, ${r.audioCopied} audio files copied)`,
      unit: '',
      met: r.inDatabase === r.episodes,
    },
    { group, name: 'time', value: r.seconds, unit: 's' },
    { group, name: 'throughput', value: r.imported / r.seconds, unit: 'episodes/s' },
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = await bench();
  console.log(plainTable(rows));
  // Keep-alive sockets of the realtime SDK would hold the process open.
  process.exit(rows.some((row) => row.met === false) ? 1 : 0);
}
