/**
 * A spell-check of every user-facing string of the product (issue 37 item 4): the text of the pages
 * (src/pages, src/layouts, src/components) and islands (src/islands), their read attributes and their
 * prose literals (tests/support/user-strings.ts), looked up in Hunspell's US English dictionary
 * (dictionary-en, the one LibreOffice and Firefox use, through nspell) and the project's own words
 * (tests/unit/spelling-words.txt: product and brand names, podcast terms). A new word that is spelt
 * right goes into that list; a slip ("countrys") fails here with where it was written.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import dictionary from 'dictionary-en';
import nspell from 'nspell';
import { describe, expect, it } from 'vitest';
import { stringsOfAstro, stringsOfScript, wordsOf } from '../support/user-strings';

const ROOT = join(import.meta.dirname, '..', '..');
const SCREENS = ['src/pages', 'src/layouts', 'src/components', 'src/islands'];
/** Pages for developers only (the interface kit) and JSON endpoints say nothing to users. */
const SKIP = /^src\/pages\/(api|dev)\/|\.test\.tsx?$|\.d\.ts$/;

function screenFiles(): string[] {
  return SCREENS.flatMap((dir) =>
    readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile() && /\.(astro|tsx)$/.test(e.name))
      .map((e) => relative(ROOT, join(e.parentPath, e.name))),
  ).filter((f) => !SKIP.test(f));
}

const projectWords = readFileSync(join(import.meta.dirname, 'spelling-words.txt'), 'utf8')
  .split('\n')
  .map((l) => l.replace(/#.*/, '').trim())
  .filter(Boolean);
const speller = nspell(dictionary).personal(projectWords.join('\n'));

function misspelt(word: string): boolean {
  return !speller.correct(word) && !speller.correct(word.toLowerCase());
}

describe('spelling of user-facing strings', () => {
  it('finds the strings of the screens (text, read attributes and prose literals)', () => {
    const island = stringsOfScript(
      'const a = <p title="Hello there">Drop files here or <b>browse</b></p>; const c = <div className="cp-row cp-muted" />; api(`/api/x y`);',
    );
    expect(island).toEqual(['Hello there', 'Drop files here or ', 'browse']);
    const page = stringsOfAstro(
      '---\nconst heading = created ? "Episode scheduled" : "Episode saved";\n---\n<p class="cp-muted" aria-label="Test mode">{n} episodes across <strong>14 countries</strong></p><script>const x = "not this one";</script>',
    );
    expect(page).toEqual(expect.arrayContaining(['Episode scheduled', 'Episode saved', 'Test mode', '  episodes across ', '14 countries']));
    expect(page.join(' ')).not.toContain('not this one');
    expect(wordsOf('Pay out $300 to user@cuepoint.test · DAI’s podcastId GUID countrys')).toEqual(['Pay', 'out', 'to', 'countrys']);
    expect(screenFiles().length).toBeGreaterThan(150);
  });

  it('catches a slip and accepts the project’s words', () => {
    expect(misspelt('countrys')).toBe(true);
    expect(misspelt('countries')).toBe(false);
    expect(misspelt('Cuepoint')).toBe(false);
  });

  it('every word of every screen is in the dictionary or the project’s word list', () => {
    const unknown = new Map<string, Set<string>>();
    for (const file of screenFiles()) {
      const source = readFileSync(join(ROOT, file), 'utf8');
      const strings = file.endsWith('.astro') ? stringsOfAstro(source) : stringsOfScript(source, file);
      for (const word of strings.flatMap(wordsOf)) {
        if (misspelt(word)) unknown.set(word, (unknown.get(word) ?? new Set()).add(file));
      }
    }
    const report = [...unknown].map(
      ([word, files]) => `${word} (${[...files].slice(0, 2).join(', ')}): ${speller.suggest(word).slice(0, 3).join(', ') || 'no suggestion'}`,
    );
    expect(report).toEqual([]);
  });

  it('no plural is made by gluing an s onto a noun held in a variable ("countrys"): countOf() knows the English rules', () => {
    // `${what}${n === 1 ? '' : 's'}` or {what}{n === 1 ? '' : 's'}: the noun is not known where the s is added.
    const glued = /\$?\{[A-Za-z_.()]+\}\$?\{[^{}]*\?\s*''\s*:\s*'s'\s*\}/;
    const offenders = screenFiles().filter((f) => glued.test(readFileSync(join(ROOT, f), 'utf8')));
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal, on purpose
    expect(glued.test("`${items.length} ${what.toLowerCase()}${items.length === 1 ? '' : 's'}`")).toBe(true);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal, on purpose
    expect(glued.test("`${n} podcast${n === 1 ? '' : 's'}`")).toBe(false);
    expect(offenders).toEqual([]);
  });
});
