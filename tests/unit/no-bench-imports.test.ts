// The product and its tests never depend on the benchmarks (issue 35 item 6): nothing under src/ or tests/
// imports from bench/ (static or dynamic import, export … from, require, or a new URL(…, import.meta.url)).
// What both need (the JS budgets and the page weigher) lives in scripts/lib/.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bench = join(root, 'bench') + sep;
const CODE = /\.(ts|tsx|mts|js|mjs|cjs|jsx|astro)$/;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : files(path);
    return CODE.test(e.name) ? [path] : [];
  });
}

/** The module specifiers a source text names: import/export … from, import(), require(), new URL(…, import.meta.url). */
function specifiers(source: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\b(?:import|export)\s[^'"`;]*?\sfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\(\s*['"`]([^'"`]+)['"`]/g,
    /\brequire\(\s*['"`]([^'"`]+)['"`]/g,
    /\bnew\s+URL\(\s*['"`]([^'"`]+)['"`]\s*,\s*import\.meta\.url/g,
  ];
  for (const p of patterns) for (const m of source.matchAll(p)) found.push(m[1]!);
  return found;
}

/** Whether a specifier written in `file` points into bench/. */
function pointsIntoBench(file: string, specifier: string): boolean {
  if (!specifier.startsWith('.') && !specifier.startsWith('/')) return /^(?:~\/\.\.\/)?bench\//.test(specifier);
  return `${resolve(dirname(file), specifier)}${sep}`.startsWith(bench); // bench/ itself or anything under it
}

describe('nothing in src/ or tests/ imports from bench/', () => {
  it('finds a planted import of every kind (the rule itself)', () => {
    const file = join(root, 'tests/api/planted.test.ts');
    const b = ['..', '..', 'bench'].join('/'); // spelled apart, so this file does not plant them itself
    const planted = [
      `import { JS_BUDGETS } from '${b}/lib/budgets.mjs';`,
      `export { measure } from '${b}/lib/load.mjs';`,
      `const m = await import('${b}/pages.mjs');`,
      `const url = new URL('${b}/RESULTS.md', import.meta.url);`,
    ];
    for (const line of planted)
      expect(
        specifiers(line).some((s) => pointsIntoBench(file, s)),
        line,
      ).toBe(true);
    expect(specifiers("import { KB } from '../../scripts/lib/budgets.mjs';").some((s) => pointsIntoBench(file, s))).toBe(false);
  });

  it('holds for every source file', () => {
    const offenders: string[] = [];
    for (const file of [...files(join(root, 'src')), ...files(join(root, 'tests'))]) {
      for (const s of specifiers(readFileSync(file, 'utf8'))) if (pointsIntoBench(file, s)) offenders.push(`${relative(root, file)} imports ${s}`);
    }
    expect(offenders).toEqual([]);
  });
});
