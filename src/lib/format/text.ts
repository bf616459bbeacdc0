import { READ_MORE_LIMIT } from '../constants';

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  '#39': "'",
};

/**
 * HTML as plain text, the one place the product does it: scripts and styles dropped, each block tag (paragraph,
 * list item, heading, line break…) replaced by `blocks`, other tags removed, entities decoded. By default white
 * space collapses to single spaces (one line of text for previews, search and mail); `collapse: false` keeps it.
 */
export function htmlToText(html: string | null | undefined, { blocks = ' ', collapse = true }: { blocks?: string; collapse?: boolean } = {}): string {
  if (!html) return '';
  const text = html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<\/?(p|div|li|ul|ol|h[1-6]|blockquote|pre|tr|td|th)\b[^>]*>\s*/gi, blocks)
    .replace(/<[^>]*>/g, '')
    .replace(/&(#?\w+);/g, (m, name: string) => {
      if (ENTITIES[name] !== undefined) return ENTITIES[name];
      const code = name.startsWith('#x') ? parseInt(name.slice(2), 16) : name.startsWith('#') ? parseInt(name.slice(1), 10) : NaN;
      return Number.isFinite(code) ? String.fromCodePoint(code) : m;
    });
  return collapse ? text.replace(/\s+/g, ' ').trim() : text;
}

/** True when the stripped text is longer than the read-more limit (135 by default). */
export function needsReadMore(html: string | null | undefined, limit: number = READ_MORE_LIMIT): boolean {
  return htmlToText(html).length > limit;
}

/** Read-more preview: tags stripped, and text longer than `limit` (135) cut to `limit` characters plus "…". */
export function readMoreText(html: string | null | undefined, limit: number = READ_MORE_LIMIT): string {
  const text = htmlToText(html);
  if (text.length <= limit) return text;
  return `${text.slice(0, limit).trimEnd()}…`;
}

/** Irregular plurals of nouns the product counts; every other noun follows the English rules below. */
const IRREGULAR_PLURALS: Record<string, string> = { person: 'people', child: 'children', analysis: 'analyses' };

/** The plural of an English noun: "country" → "countries", "day" → "days", "box" → "boxes", "file" → "files". */
export function pluralOf(noun: string): string {
  const lower = noun.toLowerCase();
  const irregular = IRREGULAR_PLURALS[lower];
  if (irregular) return noun[0] === noun[0]!.toUpperCase() ? irregular[0]!.toUpperCase() + irregular.slice(1) : irregular;
  if (/[^aeiou]y$/i.test(noun)) return `${noun.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/i.test(noun)) return `${noun}es`;
  return `${noun}s`;
}

/** A count with its noun in the right number: "1 file", "3 files", "14 countries" (the count as written, 1,234). */
export function countOf(count: number, noun: string, plural: string = pluralOf(noun)): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? noun : plural}`;
}
