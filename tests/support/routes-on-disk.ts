/**
 * Every route file under src/pages, read from disk: its URL pattern, its params and the methods it
 * answers. The hostile-input test walks this list, so a route added tomorrow is covered the day it lands.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface RouteFile {
  file: string;
  /** '/api/campaigns/[id]' */
  pattern: string;
  params: { name: string; rest: boolean }[];
  kind: 'page' | 'endpoint';
  /** The methods the file answers (pages: GET and POST). */
  methods: string[];
}

const PAGES = fileURLToPath(new URL('../../src/pages', import.meta.url));
const EXPORTED = /export\s+(?:const|let|async\s+function|function)\s+(GET|POST|PUT|PATCH|DELETE|ALL)\b/g;

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
}

/** The route files on disk (partials, whose names start with '_', are not routes). */
export function routeFiles(): RouteFile[] {
  return walk(PAGES)
    .filter((f) => /\.(ts|astro)$/.test(f) && !f.split(sep).some((part) => part.startsWith('_')))
    .map((file) => {
      const rel = relative(PAGES, file).split(sep).join('/');
      const pattern = `/${rel.replace(/\.(ts|astro)$/, '')}`.replace(/\/index$/, '') || '/';
      const params = [...pattern.matchAll(/\[(\.\.\.)?([^\]]+)\]/g)].map((m) => ({ name: m[2]!, rest: !!m[1] }));
      const kind = file.endsWith('.astro') ? ('page' as const) : ('endpoint' as const);
      const methods = kind === 'page' ? ['GET', 'POST'] : [...new Set([...readFileSync(file, 'utf8').matchAll(EXPORTED)].map((m) => m[1]!))].sort();
      return { file: rel, pattern, params, kind, methods };
    })
    .sort((a, b) => a.pattern.localeCompare(b.pattern));
}

/** Fills a pattern's params ('/api/campaigns/[id]' with {id: '7'}); values are put in as given (already encoded). */
export function fillPattern(pattern: string, values: Record<string, string>): string {
  return pattern.replace(/\[(?:\.\.\.)?([^\]]+)\]/g, (_, name: string) => values[name] ?? '1');
}
