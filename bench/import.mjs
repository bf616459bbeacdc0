// Benchmark of the hosting feed import: `npm run bench:import` (BENCH_EPISODES=5000 for a larger feed).
// The domain code is TypeScript with extensionless imports, so it is bundled first with esbuild
// (Astro's own build dependency), packages left external, then run.
import { fileURLToPath } from 'node:url';
import { runBundled } from './lib/bundle.mjs';
import { plainTable } from './lib/table.mjs';

/** Bundles and runs the import benchmark; answers its rows. */
export async function bench() {
  const r = await runBundled('import-entry.ts', 'runImportBench');
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
