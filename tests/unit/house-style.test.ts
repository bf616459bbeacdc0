/**
 * The house style's one rule a machine can hold: every exported name is defined once in src/ and server/
 * (issue #18 item 3). Two definitions of one name are either one thing written twice (keep one, import it)
 * or two things that need names saying what each is. Route handlers (GET, POST, …) are exempt: every
 * endpoint file exports them by Astro's convention. Overloads of one function in one file count once.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const ROUTE_HANDLERS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'ALL', 'prerender']);
const DEFINITION =
  /^export\s+(?:default\s+)?(?:declare\s+)?(?:async\s+)?(?:function\*?|const|let|var|class|abstract\s+class|type|interface|enum)\s+([A-Za-z_$][\w$]*)/gm;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx|mjs)$/.test(e.name) && !e.name.endsWith('.d.ts'))
    .map((e) => join(e.parentPath, e.name));
}

/** Each exported name defined in src/ and server/ with the files defining it. */
function exportedDefinitions(): Map<string, string[]> {
  const where = new Map<string, string[]>();
  for (const file of [...sourceFiles(join(ROOT, 'src')), ...sourceFiles(join(ROOT, 'server'))]) {
    const names = new Set([...readFileSync(file, 'utf8').matchAll(DEFINITION)].map((m) => m[1]!));
    for (const name of names) {
      if (ROUTE_HANDLERS.has(name)) continue;
      where.set(name, [...(where.get(name) ?? []), relative(ROOT, file)]);
    }
  }
  return where;
}

describe('house style', () => {
  it('finds the exports it checks', () => {
    const defs = exportedDefinitions();
    expect(defs.get('resolveRange')).toEqual(['src/lib/server/byte-range.ts']);
    expect(defs.size).toBeGreaterThan(500);
  });

  it('defines every exported name once (route handlers aside)', () => {
    const twice = [...exportedDefinitions()].filter(([, files]) => files.length > 1).map(([name, files]) => `${name}: ${files.join(', ')}`);
    expect(twice).toEqual([]);
  });
});
