import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { settingsNavFor } from '../../src/lib/shell-rules';
import { routes } from '../../src/routes';

const dir = new URL('../../src/content/help/', import.meta.url);
const articles = readdirSync(dir)
  .filter((f) => f.endsWith('.md'))
  .map((f) => ({ slug: f.replace(/\.md$/, ''), text: readFileSync(new URL(f, dir), 'utf8') }));

describe('Help Center articles', () => {
  it('cover both roles and hosting, each with a title, a summary and a section', () => {
    const sections = new Set<string>();
    for (const a of articles) {
      const front = /^---\n([\s\S]*?)\n---\n/.exec(a.text)?.[1] ?? '';
      expect(front, a.slug).toMatch(/^title: ".+"$/m);
      expect(front, a.slug).toMatch(/^summary: ".+"$/m);
      sections.add(/^section: (.+)$/m.exec(front)?.[1] ?? '');
      expect(a.text.split('\n---\n')[1]!.trim().length, `${a.slug} has a body`).toBeGreaterThan(300);
    }
    expect([...sections].sort()).toEqual(['For brands', 'For podcasters', 'Getting started', 'Hosting', 'Your account']);
  });

  it('link only to articles and screens that exist', () => {
    const slugs = new Set(articles.map((a) => a.slug));
    for (const a of articles) {
      for (const [, href] of a.text.matchAll(/\]\((\/[^)#\s]*)/g)) {
        if (href!.startsWith('/help/')) expect(slugs.has(href!.slice('/help/'.length)), `${a.slug} → ${href}`).toBe(true);
        else
          expect(
            routes.some((r) => r.path === href),
            `${a.slug} → ${href}`,
          ).toBe(true);
      }
    }
  });
});

describe('settings tabs', () => {
  it('list pages of the route table that the role may open', () => {
    for (const type of ['BRAND', 'PODCASTER', 'ADMIN'] as const) {
      const links = settingsNavFor(type);
      expect(links.map((l) => l.label).slice(-3)).toEqual(['Account', 'Sign-in method', 'Notifications']);
      for (const l of links) {
        const route = routes.find((r) => r.path === l.href)!;
        expect(route, l.href).toBeDefined();
        expect(['signed-in', type.toLowerCase()]).toContain(route.access);
      }
    }
  });
});
