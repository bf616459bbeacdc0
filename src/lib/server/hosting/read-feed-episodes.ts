/**
 * Reads what the import needs from a podcast feed parsed by fast-xml-parser (rss-channel.ts): the
 * channel (title, description, artwork, author, category, language, explicit) and every <item> with
 * its GUID exactly as written, publish date, duration, season, episode number, explicit flag,
 * artwork and enclosure. Items are answered oldest first.
 */
import { all, attrOf, textOf, type RssChannel } from '../podcasts/rss-channel';

export interface FeedChannel {
  title: string;
  description: string;
  link: string | null;
  language: string | null;
  author: string | null;
  artwork: string | null;
  explicit: boolean;
  categories: string[];
  ownerName: string | null;
  ownerEmail: string | null;
  copyright: string | null;
  type: 'episodic' | 'serial';
}

export interface FeedEpisode {
  guid: string;
  title: string;
  description: string;
  link: string | null;
  publishedAt: Date | null;
  duration: number | null;
  season: number | null;
  episodeNumber: number | null;
  explicit: boolean;
  artwork: string | null;
  enclosure: { url: string; type: string; length: number | null } | null;
}

type Node = Record<string, unknown>;

/** Parses an itunes:duration ("1:02:03", "62:03", "3723") into seconds. */
export function parseDuration(raw: string | null): number | null {
  if (!raw) return null;
  const parts = raw
    .trim()
    .split(':')
    .map((p) => Number(p));
  if (!parts.length || parts.some((p) => !Number.isFinite(p) || p < 0)) return null;
  const seconds = parts.reduce((total, p) => total * 60 + p, 0);
  return Math.round(seconds);
}

/** "yes"/"true"/"explicit" count as explicit. */
export function parseExplicit(raw: string | null): boolean {
  return !!raw && ['yes', 'true', 'explicit'].includes(raw.trim().toLowerCase());
}

function positiveInt(raw: string | null): number | null {
  if (!raw) return null;
  const n = Number(raw.trim());
  return Number.isInteger(n) && n >= 0 ? n : null;
}

function parseDate(raw: string | null): Date | null {
  if (!raw) return null;
  const d = new Date(raw);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** The channel fields of a parsed feed. */
export function readFeedChannel(channel: RssChannel): FeedChannel {
  const { node, prefix } = channel;
  const it = (tag: string) => node[`${prefix.itunes}:${tag}`];
  const categories: string[] = [];
  for (const cat of all(it('category'))) {
    const text = attrOf(cat, 'text');
    if (text) categories.push(text);
    for (const sub of all((cat as Node | null)?.[`${prefix.itunes}:category`])) {
      const subText = attrOf(sub, 'text');
      if (subText) categories.push(subText);
    }
  }
  const owner = all(it('owner'))[0] as Node | undefined;
  const image = all(node.image)[0] as Node | undefined;
  return {
    title: textOf(node.title) ?? 'Untitled podcast',
    description: textOf(node.description) ?? textOf(it('summary')) ?? '',
    link: textOf(node.link),
    language: textOf(node.language),
    author: textOf(it('author')),
    artwork: attrOf(it('image'), 'href') ?? (image ? textOf(image.url) : null),
    explicit: parseExplicit(textOf(it('explicit'))),
    categories,
    ownerName: owner ? textOf(owner[`${prefix.itunes}:name`]) : null,
    ownerEmail: owner ? textOf(owner[`${prefix.itunes}:email`]) : null,
    copyright: textOf(node.copyright),
    type: textOf(it('type'))?.toLowerCase() === 'serial' ? 'serial' : 'episodic',
  };
}

/** Every item of the feed with an enclosure or a GUID, oldest first; the GUID falls back to the enclosure URL. */
export function readFeedEpisodes(channel: RssChannel): FeedEpisode[] {
  const { node, prefix } = channel;
  const out: FeedEpisode[] = [];
  for (const raw of all(node.item)) {
    if (!raw || typeof raw !== 'object') continue;
    const item = raw as Node;
    const it = (tag: string) => item[`${prefix.itunes}:${tag}`];
    const encUrl = attrOf(item.enclosure, 'url');
    const enclosure = encUrl
      ? { url: encUrl, type: attrOf(item.enclosure, 'type') ?? 'audio/mpeg', length: positiveInt(attrOf(item.enclosure, 'length')) }
      : null;
    // The GUID is kept exactly as the old host wrote it (podcast apps key their download history on it).
    const guidNode = all(item.guid)[0];
    const guid =
      (typeof guidNode === 'string'
        ? guidNode
        : typeof guidNode === 'object' && guidNode && '#text' in guidNode
          ? String((guidNode as Node)['#text'])
          : null) ?? encUrl;
    if (!guid) continue;
    const content = textOf(item['content:encoded']);
    out.push({
      guid,
      title: textOf(item.title) ?? textOf(it('title')) ?? 'Untitled episode',
      description: content ?? textOf(item.description) ?? textOf(it('summary')) ?? '',
      link: textOf(item.link),
      publishedAt: parseDate(textOf(item.pubDate)),
      duration: parseDuration(textOf(it('duration'))),
      season: positiveInt(textOf(it('season')) ?? attrOf(item[`${prefix.podcast}:season`], 'number') ?? textOf(item[`${prefix.podcast}:season`])),
      episodeNumber: positiveInt(textOf(it('episode')) ?? textOf(item[`${prefix.podcast}:episode`])),
      explicit: parseExplicit(textOf(it('explicit'))),
      artwork: attrOf(it('image'), 'href'),
      enclosure,
    });
  }
  // Oldest first; items without a date keep their feed order after the dated ones (feeds list newest first).
  return out
    .map((e, i) => ({ e, i }))
    .sort((a, b) => {
      const ta = a.e.publishedAt?.getTime();
      const tb = b.e.publishedAt?.getTime();
      if (ta !== undefined && tb !== undefined && ta !== tb) return ta - tb;
      if (ta === undefined && tb !== undefined) return 1;
      if (tb === undefined && ta !== undefined) return -1;
      return b.i - a.i;
    })
    .map(({ e }) => e);
}
