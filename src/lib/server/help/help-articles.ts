/**
 * The Help Center: the Markdown articles of src/content/help, listed by section and searched with a
 * full-text index (MiniSearch: prefix and fuzzy matching, title and summary weighted above the text).
 */
import { getCollection, type CollectionEntry } from 'astro:content';
import MiniSearch from 'minisearch';
import { HELP_SECTIONS } from '../../../content.config';

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
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s*(?:[-*+]|\d+\.|#+|>)\s+/gm, '')
    .replace(/[*_`|]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

let index: Promise<{ search: MiniSearch; entries: Map<string, HelpEntry> }> | null = null;

function buildIndex() {
  index ??= getCollection('help').then((entries) => {
    const search = new MiniSearch({
      fields: ['title', 'summary', 'keywords', 'text'],
      storeFields: [],
      searchOptions: { boost: { title: 3, keywords: 2.5, summary: 2 }, prefix: true, fuzzy: 0.2, combineWith: 'AND' },
    });
    search.addAll(
      entries.map((e) => ({ id: e.id, title: e.data.title, summary: e.data.summary, keywords: e.data.keywords.join(' '), text: plainText(e.body ?? '') })),
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
  let hits = search.search(q);
  // Nothing has every word: show what has any of them.
  if (!hits.length) hits = search.search(q, { combineWith: 'OR' });
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
