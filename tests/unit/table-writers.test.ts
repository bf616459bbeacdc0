// Each table is written by one domain (others call its face). The tables that more than one domain
// still writes are listed in scripts/lib/domain-layers.cjs; this test fails on a new writer and on an
// entry that no longer holds, so that list only shrinks. The demo seed (the app) is left out: it
// writes what it must through the domains, and its own rows only where no domain has a call for it.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER = join(import.meta.dirname, '../../src/lib/server');
const { DOMAIN_LAYERS, KNOWN_SHARED_WRITES } = createRequire(import.meta.url)('../../scripts/lib/domain-layers.cjs') as {
  DOMAIN_LAYERS: string[];
  KNOWN_SHARED_WRITES: Record<string, string[]>;
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith('.ts') ? [path] : [];
  });
}

/** table identifier (as the schema exports it) → the domains whose code inserts, updates or deletes it. */
function writers(): Map<string, Set<string>> {
  const tables = new Set<string>();
  for (const file of sourceFiles(join(SERVER, 'db/schema'))) {
    for (const m of readFileSync(file, 'utf8').matchAll(/^export const (\w+) = pgTable\(/gm)) tables.add(m[1]!);
  }
  const out = new Map<string, Set<string>>();
  for (const file of sourceFiles(SERVER)) {
    const domain = relative(SERVER, file).split(sep)[0]!;
    if (!DOMAIN_LAYERS.includes(domain)) continue;
    for (const m of readFileSync(file, 'utf8').matchAll(/\.(?:insert|update|delete)\((\w+)\)/g)) {
      if (!tables.has(m[1]!)) continue;
      if (!out.has(m[1]!)) out.set(m[1]!, new Set());
      out.get(m[1]!)!.add(domain);
    }
  }
  return out;
}

describe('table writers', () => {
  it('finds the writes it checks (the scan reads the schema and the domains)', () => {
    const found = writers();
    expect(found.get('transactions')).toEqual(new Set(['payments']));
    expect(found.size).toBeGreaterThan(40);
  });

  it('has one writing domain per table, but for the listed ones, which are exactly as listed', () => {
    const shared = Object.fromEntries([...writers()].filter(([, domains]) => domains.size > 1).map(([table, domains]) => [table, [...domains].sort()]));
    const listed = Object.fromEntries(Object.entries(KNOWN_SHARED_WRITES).map(([table, domains]) => [table, [...domains].sort()]));
    expect(shared).toEqual(listed);
  });
});
