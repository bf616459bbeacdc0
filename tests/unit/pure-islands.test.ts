// Issue 35 item 3: an island marked pureServerRender has its server HTML kept per props and page position
// (src/lib/pure-server-render.ts), so that HTML must depend on its props alone. Each marked island is
// rendered here twice with the same props in two different worlds (another day and time of the clock,
// another random source): the HTML must not change. And the stores such islands read on the client are
// never written on the server: no server-side module imports src/lib/stores/. A newly marked island
// without props here fails the first test, so every marked island is covered.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createElement, type FunctionComponent } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { navFor } from '../../src/lib/shell-rules';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Props an island is rendered with on a page (as its layout or page passes them). */
const PROPS: Record<string, Record<string, unknown>> = {
  'src/components/Toaster.tsx': { placement: 'page' },
  'src/islands/shell/ProfileMenu.tsx': {
    identity: { email: 'brand@cuepoint.test', userId: 2, name: 'Trailhead Coffee Co.', avatar: null, isPodcaster: false },
    type: 'BRAND',
    helpUrl: '/help',
    supportUnread: 1,
  },
  'src/islands/shell/NavMenuButton.tsx': {},
  'src/islands/shell/BrandStats.tsx': {
    initial: {
      new_proposals: { link: '/campaigns', proposal_count: 3 },
      pending_reviews: { link: '/workrooms', job_count: 1 },
      jobs_in_progress: { link: '/workrooms', job_count: 2 },
      completed: { link: '/completed-ads', job_count: 5 },
      fetched: true,
    },
  },
  'src/islands/shell/SideNav.tsx': {
    entries: navFor({ type: 'BRAND', hasHosted: false, unreadWorkrooms: 4, pendingHires: 1 }),
    currentHref: '/campaigns',
  },
  'src/islands/realtime/RealtimeBridge.tsx': {
    userId: 2,
    unreadWorkrooms: 4,
    unread: 1,
    notifications: [
      {
        id: 'n1',
        title: 'New proposal',
        description: 'Second Wind Running sent a proposal',
        created_at: '2026-11-20T10:00:00.000Z',
        read: false,
        link: '/workrooms',
        online: false,
        img: null,
      },
    ],
  },
  'src/islands/campaigns/PauseToggle.tsx': { id: 7, title: 'Autumn Roast Launch', paused: false },
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|astro|mjs)$/.test(e.name) ? [path] : [];
  });
}

/** The island modules that call pureServerRender (found in the source, not listed by hand). */
const marked = sourceFiles(join(root, 'src'))
  .filter((f) => f.endsWith('.tsx') && /\bpureServerRender\(\s*[A-Z]/.test(readFileSync(f, 'utf8')))
  .map((f) => relative(root, f));

/** Renders an island's module default export (or its named export of the same name) with these props. */
async function html(file: string): Promise<string> {
  const mod = (await import(/* @vite-ignore */ join(root, file))) as Record<string, unknown>;
  const name = file.split('/').pop()!.replace('.tsx', '');
  const Component = (mod.default ?? mod[name]) as FunctionComponent<Record<string, unknown>>;
  return renderToString(createElement(Component, { ...PROPS[file] }));
}

/** What the proof renders: an island that shows the time (never markable). */
const Clock = () => createElement('time', null, new Date().toISOString());

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('islands marked pureServerRender render from their props alone', () => {
  it('finds the marked islands, each with props here', () => {
    expect(marked.length).toBeGreaterThanOrEqual(7);
    expect(marked.filter((f) => !(f in PROPS))).toEqual([]);
  });

  for (const file of Object.keys(PROPS)) {
    it(`${file}: the same HTML on another day and time and with another random source`, async () => {
      vi.useFakeTimers({ now: new Date('2026-01-05T09:00:00Z'), toFake: ['Date'] });
      vi.spyOn(Math, 'random').mockReturnValue(0.1);
      const first = await html(file);
      vi.setSystemTime(new Date('2031-12-31T23:59:30Z'));
      vi.spyOn(Math, 'random').mockReturnValue(0.9);
      const second = await html(file);
      expect(second).toBe(first);
    });
  }

  it('the proof: an island that shows the time is told apart', async () => {
    vi.useFakeTimers({ now: new Date('2026-01-05T09:00:00Z'), toFake: ['Date'] });
    const first = renderToString(createElement(Clock));
    vi.setSystemTime(new Date('2031-12-31T23:59:30Z'));
    expect(renderToString(createElement(Clock))).not.toBe(first);
  });

  it('no server-side module imports a client store (the stores these islands read stay at their initial values)', () => {
    const serverSide = [
      ...sourceFiles(join(root, 'src/lib/server')),
      ...sourceFiles(join(root, 'src/pages')),
      ...sourceFiles(join(root, 'src/layouts')),
      join(root, 'src/middleware.ts'),
    ];
    const offenders = serverSide.filter((f) => /from\s+['"][^'"]*lib\/stores\//.test(readFileSync(f, 'utf8'))).map((f) => relative(root, f));
    expect(offenders).toEqual([]);
    // And the rule sees such an import where there is one (git grep finds the islands' own imports).
    const islandsImporting = execFileSync('git', ['grep', '-l', 'lib/stores/', '--', 'src/islands/shell'], { cwd: root }).toString();
    expect(islandsImporting).toContain('src/islands/shell/SideNav.tsx');
  });
});
