// The boundary check (.dependency-cruiser.cjs, `npm run check:boundaries`): the real tree passes it,
// a tree with one planted violation of each rule fails it by that rule's name, every folder of the
// server code has its place, and the list of imports that still go up the layers only shrinks.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const CONFIG = join(ROOT, '.dependency-cruiser.cjs');
const layers = createRequire(import.meta.url)('../../scripts/lib/domain-layers.cjs') as {
  APP: string[];
  DOMAIN_LAYERS: string[];
  INFRA_FILES: string[];
  INFRA_FOLDERS: string[];
  KNOWN_BACK_EDGES: string[];
};

interface Cruise {
  modules: Array<{ source: string; dependencies: Array<{ resolved: string }> }>;
  summary: { violations: Array<{ from: string; to: string; rule: { name: string } }> };
}

function cruise(cwd: string): Cruise {
  const bin = join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
  const run = spawnSync(process.execPath, [bin, 'src', '--config', CONFIG, '--output-type', 'json'], { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (!run.stdout) throw new Error(`dependency-cruiser wrote nothing: ${run.stderr}`);
  return JSON.parse(run.stdout) as Cruise;
}

const domainOf = (path: string) => /^src\/lib\/server\/([^/]+)\//.exec(path)?.[1] ?? null;

describe('boundaries of the server code', () => {
  let real: Cruise;
  beforeAll(() => {
    real = cruise(ROOT);
  }, 120_000);

  it('holds on the real tree', () => {
    expect(real.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)).toEqual([]);
    expect(real.modules.length).toBeGreaterThan(500);
  });

  it('gives every folder of src/lib/server a place: infrastructure, the app or a layered domain', () => {
    const folders = readdirSync(join(ROOT, 'src/lib/server'), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    const placed = new Set([...layers.INFRA_FOLDERS, ...layers.DOMAIN_LAYERS, ...layers.APP.map((a) => a.replace(/\/$/, ''))]);
    expect(folders.filter((f) => !placed.has(f))).toEqual([]);
    expect(layers.DOMAIN_LAYERS.length).toBeGreaterThanOrEqual(12);
  });

  it('lists only back edges that still exist (remove one from the list once it is gone)', () => {
    const edges = new Set<string>();
    for (const m of real.modules) {
      const from = domainOf(m.source);
      for (const d of m.dependencies) {
        const to = domainOf(d.resolved);
        if (from && to && from !== to) edges.add(`${from} -> ${to}`);
      }
    }
    expect(layers.KNOWN_BACK_EDGES.filter((e) => !edges.has(e))).toEqual([]);
  });

  it('has no cycle between domains: every import from one domain to another goes down the layers', () => {
    const up: string[] = [];
    for (const m of real.modules) {
      const from = domainOf(m.source);
      for (const d of m.dependencies) {
        const to = domainOf(d.resolved);
        const [i, j] = [layers.DOMAIN_LAYERS.indexOf(from ?? ''), layers.DOMAIN_LAYERS.indexOf(to ?? '')];
        if (i >= 0 && j > i) up.push(`${m.source} → ${d.resolved}`);
      }
    }
    expect(layers.KNOWN_BACK_EDGES).toEqual([]);
    expect(up).toEqual([]);
  });
});

describe('the boundary rules themselves', () => {
  let dir: string;
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'cuepoint-boundaries-'));
    write('tsconfig.json', JSON.stringify({ compilerOptions: { module: 'esnext', moduleResolution: 'bundler' } }));
    // Faces that are allowed, and a low domain (users) and a high one (admin).
    write('src/lib/server/users/index.ts', "export { user } from './user';\n");
    write('src/lib/server/users/user.ts', 'export const user = 1;\n');
    write('src/lib/server/admin/index.ts', "export { admin } from './admin';\n");
    write('src/lib/server/admin/admin.ts', "import { user } from '../users';\nexport const admin = user;\n");
    // 1. infrastructure importing a domain
    write('src/lib/server/db/client.ts', "import { user } from '../users';\nexport const db = user;\n");
    // 2. a domain reaching past another's face
    write('src/lib/server/hosting/feed.ts', "import { user } from '../users/user';\nexport const feed = user;\n");
    // 3. a page reaching past a face
    write('src/pages/page.ts', "import { user } from '../lib/server/users/user';\nexport const page = user;\n");
    // 4. a domain importing the app
    write('src/lib/server/seed/demo.ts', 'export const demo = 1;\n');
    write('src/lib/server/podcasts/show.ts', "import { demo } from '../seed/demo';\nexport const show = demo;\n");
    // 5. a domain's file importing its own face
    write('src/lib/server/users/again.ts', "import { user } from '.';\nexport const again = user;\n");
    // 6. a low domain importing a higher one (a cycle's first step)
    write('src/lib/server/users/audit.ts', "import { admin } from '../admin';\nexport const audit = admin;\n");
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('fails a tree with one violation of each rule, naming the rule and the files', () => {
    const found = cruise(dir).summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
    expect(found).toEqual(
      expect.arrayContaining([
        'infrastructure-imports-no-domain: src/lib/server/db/client.ts → src/lib/server/users/index.ts',
        'only-through-the-face: src/lib/server/hosting/feed.ts → src/lib/server/users/user.ts',
        'pages-only-through-the-face: src/pages/page.ts → src/lib/server/users/user.ts',
        'domain-imports-no-app: src/lib/server/podcasts/show.ts → src/lib/server/seed/demo.ts',
        'no-import-of-own-face: src/lib/server/users/again.ts → src/lib/server/users/index.ts',
        'layers-users: src/lib/server/users/audit.ts → src/lib/server/admin/index.ts',
      ]),
    );
    // The allowed imports (admin → users' face, a domain's own files) are not reported.
    expect(found.filter((f) => f.includes('admin/admin.ts'))).toEqual([]);
  }, 60_000);
});
