/**
 * No jargon in front of users (issue 37 item 4): the screens' user-facing strings (tests/support/user-strings.ts)
 * name no GUIDs, configuration keys or environment variables, no bare user ids, and spell DAI out wherever
 * they show it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringsOfAstro, stringsOfScript } from '../support/user-strings';

const ROOT = join(import.meta.dirname, '..', '..');
const SKIP = /^src\/pages\/(api|dev)\/|\.test\.tsx?$|\.d\.ts$/;

function screens(): { file: string; strings: string[]; source: string }[] {
  return ['src/pages', 'src/layouts', 'src/components', 'src/islands']
    .flatMap((dir) =>
      readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
        .filter((e) => e.isFile() && /\.(astro|tsx)$/.test(e.name))
        .map((e) => relative(ROOT, join(e.parentPath, e.name))),
    )
    .filter((f) => !SKIP.test(f))
    .map((file) => {
      const source = readFileSync(join(ROOT, file), 'utf8');
      return { file, source, strings: file.endsWith('.astro') ? stringsOfAstro(source) : stringsOfScript(source, file) };
    });
}

const JARGON: [string, RegExp][] = [
  ['GUID', /\bGUIDs?\b/],
  ['a configuration key', /\b(keys? (is|are) (not )?(set|configured)|publishable key|secret key|Stripe keys?)\b/i],
  ['an environment variable', /\b[A-Z][A-Z0-9]+_[A-Z0-9_]{3,}\b/],
];

describe('no jargon on the screens', () => {
  const all = screens();

  for (const [what, pattern] of JARGON) {
    it(`no ${what}`, () => {
      const found = all.flatMap(({ file, strings }) => strings.filter((s) => pattern.test(s)).map((s) => `${file}: ${s.trim()}`));
      expect(found).toEqual([]);
    });
  }

  it('no bare user id ("user 5") beside a person', () => {
    const found = all.filter(({ source }) => /\buser \{[\w.]*user_id\}|\buser \$\{[\w.]*user_id\}/i.test(source)).map((s) => s.file);
    expect(found).toEqual([]);
  });

  it('DAI is spelt out wherever it is shown', () => {
    const showing = all.filter(({ strings }) => strings.some((s) => /\bDAI\b/.test(s)));
    expect(showing.map((s) => s.file)).toContain('src/islands/hosting/OnboardingWizard.tsx');
    for (const { file, strings } of showing) expect(strings.join(' '), file).toMatch(/Dynamic ad insertion/i);
  });
});
