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

/** Removes HTML tags (block tags become spaces), decodes the common entities and collapses white space. */
export function stripTags(html: string | null | undefined): string {
  if (!html) return '';
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<\/?(p|div|br|li|ul|ol|h[1-6]|blockquote|pre|tr|td|th)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#?\w+);/g, (m, name: string) => {
      if (ENTITIES[name] !== undefined) return ENTITIES[name];
      const code = name.startsWith('#x') ? parseInt(name.slice(2), 16) : name.startsWith('#') ? parseInt(name.slice(1), 10) : NaN;
      return Number.isFinite(code) ? String.fromCodePoint(code) : m;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** True when the stripped text is longer than the read-more limit (135 by default). */
export function needsReadMore(html: string | null | undefined, limit: number = READ_MORE_LIMIT): boolean {
  return stripTags(html).length > limit;
}

/** Read-more preview: tags stripped, and text longer than `limit` (135) cut to `limit` characters plus "…". */
export function readMoreText(html: string | null | undefined, limit: number = READ_MORE_LIMIT): string {
  const text = stripTags(html);
  if (text.length <= limit) return text;
  return `${text.slice(0, limit).trimEnd()}…`;
}
