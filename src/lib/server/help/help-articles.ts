/**
 * The Help Center: the Markdown articles of src/content/help, listed by section and searched with a
 * full-text index. The articles are static files bundled with the app, so the index is MiniSearch in
 * memory (no database round trip, the same on PostgreSQL and PGlite): title above headings above the
 * body, words reduced to their stem and synonyms folded into one term (see search-terms.ts).
 */
import { getCollection, type CollectionEntry } from 'astro:content';
import MiniSearch from 'minisearch';
import { HELP_SECTIONS } from '../../../content.config';
import { canonicalText, stem } from './search-terms';

export type HelpEntry = CollectionEntry<'help'>;
export type HelpSection = (typeof HELP_SECTIONS)[number];

export interface HelpResult {
  slug: string;
  title: string;
  summary: string;
  section: HelpSection;
  /** A piece of the article's text around the first word that matched. */
  excerpt: string;
}

/** Markdown to plain text, for the index and the excerpts. */
function plainText(markdown: string): string {
  return (
    markdown
      .replace(/```[\s\S]*?```/g, ' ')
      .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      // A heading reads as the start of its section in an excerpt ("Moving the date: Plans change…").
      .replace(/^\s*#+\s+(.*?)\s*$/gm, (_, heading: string) => (/[.?!:]$/.test(heading) ? heading : `${heading}:`))
      .replace(/^\s*(?:[-*+]|\d+\.|>)\s+/gm, '')
      .replace(/[*_`|]+/g, '')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** The article's section headings (## …), one line each. */
function headingsOf(markdown: string): string {
  return [...markdown.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => m[1]).join('\n');
}

let index: Promise<{ search: MiniSearch; entries: Map<string, HelpEntry> }> | null = null;

function buildIndex() {
  index ??= getCollection('help').then((entries) => {
    const search = new MiniSearch({
      fields: ['title', 'headings', 'keywords', 'summary', 'text'],
      storeFields: [],
      processTerm: (term) => stem(term),
      searchOptions: {
        boost: { title: 4, headings: 2.5, keywords: 2, summary: 1.5 },
        prefix: (term) => term.length > 3,
        fuzzy: (term) => (term.length > 5 ? 0.2 : false),
        combineWith: 'AND',
      },
    });
    search.addAll(
      entries.map((e) => ({
        id: e.id,
        title: canonicalText(e.data.title),
        headings: canonicalText(headingsOf(e.body ?? '')),
        keywords: canonicalText(e.data.keywords.join(' ')),
        summary: canonicalText(e.data.summary),
        text: canonicalText(plainText(e.body ?? '')),
      })),
    );
    return { search, entries: new Map(entries.map((e) => [e.id, e])) };
  });
  return index;
}

/** Every article, grouped by section in the Help Center's order. */
export async function helpSections(): Promise<{ section: HelpSection; articles: HelpEntry[] }[]> {
  const { entries } = await buildIndex();
  const all = [...entries.values()];
  return HELP_SECTIONS.map((section) => ({
    section,
    articles: all.filter((e) => e.data.section === section).sort((a, b) => a.data.order - b.data.order),
  })).filter((s) => s.articles.length > 0);
}

/** One article by its slug, or null. */
export async function helpArticle(slug: string): Promise<HelpEntry | null> {
  const { entries } = await buildIndex();
  return entries.get(slug) ?? null;
}

function excerptOf(entry: HelpEntry, terms: string[]): string {
  const text = plainText(entry.body ?? '');
  const lower = text.toLowerCase();
  const at = terms.map((t) => lower.indexOf(t.toLowerCase())).find((i) => i >= 0) ?? -1;
  if (at < 0) return entry.data.summary;
  const start = Math.max(0, text.lastIndexOf(' ', Math.max(0, at - 60)) + 1);
  const piece = text.slice(start, start + 200);
  return `${start > 0 ? '…' : ''}${piece.slice(0, piece.lastIndexOf(' ') > 0 ? piece.lastIndexOf(' ') : piece.length)}…`;
}

/** The articles that match a query, best first (an empty query matches nothing). */
export async function searchHelp(query: string, limit = 20): Promise<HelpResult[]> {
  const q = query.trim().slice(0, 100);
  if (!q) return [];
  const { search, entries } = await buildIndex();
  const canonical = canonicalText(q);
  let hits = search.search(canonical);
  // Nothing has every word: show what has any of them.
  if (!hits.length) hits = search.search(canonical, { combineWith: 'OR' });
  return hits.slice(0, limit).flatMap((hit) => {
    const entry = entries.get(String(hit.id));
    if (!entry) return [];
    return [{ slug: entry.id, title: entry.data.title, summary: entry.data.summary, section: entry.data.section, excerpt: excerptOf(entry, hit.terms) }];
  });
}

/** The other articles of the same section (for 'Related articles'). */
export async function relatedArticles(entry: HelpEntry, limit = 4): Promise<HelpEntry[]> {
  const sections = await helpSections();
  const same = sections.find((s) => s.section === entry.data.section)?.articles ?? [];
  return same.filter((e) => e.id !== entry.id).slice(0, limit);
}
