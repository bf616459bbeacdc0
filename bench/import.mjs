// Benchmark of the hosting feed import: `npm run bench:import` (BENCH_EPISODES=5000 for a larger feed).
// The domain code is TypeScript with extensionless imports, so it is bundled first with esbuild
// (Astro's own build dependency), packages left external, then run.
import { build } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
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
try {
  await import(pathToFileURL(out).href);
} finally {
  rmSync(join(out, '..'), { recursive: true, force: true });
}
// Keep-alive sockets of the realtime SDK would hold the process open.
process.exit(process.exitCode ?? 0);
