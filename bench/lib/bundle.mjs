// The benchmarks that run domain code (TypeScript with extensionless imports) bundle it first with
// esbuild (Astro's own build dependency), packages left external, into a scratch folder under
// node_modules (so the bundle resolves the project's packages).
import { build } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Bundles bench/{entry}; answers the bundle's path and a function that removes it. */
export async function bundleEntry(entry) {
  const out = join(mkdtempSync(join(root, 'node_modules', '.bench-')), entry.replace(/\.ts$/, '.mjs'));
  await build({
    entryPoints: [join(root, 'bench', entry)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    outfile: out,
    logLevel: 'warning',
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  });
  return { path: out, remove: () => rmSync(join(out, '..'), { recursive: true, force: true }) };
}

/** Bundles bench/{entry}, calls its export `name` and answers what it returns (the bundle removed after). */
export async function runBundled(entry, name) {
  const bundle = await bundleEntry(entry);
  try {
    return await (await import(pathToFileURL(bundle.path).href))[name]();
  } finally {
    bundle.remove();
  }
}
