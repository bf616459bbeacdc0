/**
 * Reads what the import needs from a podcast feed parsed by fast-xml-parser (rss-channel.ts): the
 * channel (title, description, artwork, author, category, language, explicit) and every <item> with
 * its GUID exactly as written, publish date, duration, season, episode number, explicit flag,
 * artwork and enclosure. Items are answered oldest first.
 */
import { all, attrOf, textOf, type RssChannel, parseDuration, parseExplicit } from '../podcasts';

export interface FeedChannel {
  title: string;
  description: string;
  link: string | null;
  language: string | null;
  author: string | null;
  artwork: string | null;
  explicit: boolean;
  /** Apple categories as category > subcategory (a subcategory is never a category of its own). */
  categories: ItunesCategory[];
  ownerName: string | null;
  ownerEmail: string | null;
  copyright: string | null;
  type: 'episodic' | 'serial';
  /** podcast:guid exactly as the feed wrote it; null when it has none. */
  podcastGuid: string | null;
  /** Every other Podcasting 2.0 element of the channel (funding, person, value, medium, …), as read. */
  podcastTags: Record<string, unknown>;
  /** RSS managingEditor ("email (Name)"), the plain <author> some hosts write, and itunes:keywords, as written. */
  managingEditor: string | null;
  rssAuthor: string | null;
  keywords: string | null;
  /** The channel's itunes:summary as written (the hosted feed writes the description there otherwise). */
  summary: string | null;
  /** The channel's elements the hosted feed does not write itself, kept as written (kept-elements.ts). */
  kept: KeptElements;
  /** The RSS <image>'s children other than url, title and link (width, height, description), as written. */
  imageExtra: KeptElements;
  /** The namespaces those kept elements (the channel's and the items') are written under. */
  namespaces: Record<string, string>;
}

export interface ItunesCategory {
  category: string;
  subcategory: string | null;
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
  episodeType: 'full' | 'trailer' | 'bonus';
  enclosure: { url: string; type: string; length: number | null } | null;
  /** itunes:duration exactly as written ("38:12", "1014.708375") when it reads as a duration. */
  durationText: string | null;
  /** The item's plain-text tags kept as written, by the name the hosted feed writes them under. */
  textTags: ItemTextTags;
  /** The item's own wording where it differs from title and show notes (its itunes:title, a description beside content:encoded, itunes:summary). */
  wording: { 'itunes:title'?: string; description?: string; 'itunes:summary'?: string };
  podcastTags: EpisodePodcastTags;
}

import { readChannelPodcastTags, readItemPodcastTags, readPodcastGuid, type EpisodePodcastTags, type ItemTextTags } from './podcast-tags';
import { declaredNamespaces, keptElements, keptNamespaces, type KeptElements } from './kept-elements';

type Node = Record<string, unknown>;

export { parseDuration, parseExplicit } from '../podcasts';

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

function episodeTypeOf(raw: string | null): FeedEpisode['episodeType'] {
  const v = raw?.trim().toLowerCase();
  return v === 'trailer' || v === 'bonus' ? v : 'full';
}

/** The channel fields of a parsed feed. */
export function readFeedChannel(channel: RssChannel): FeedChannel {
  const { node, prefix } = channel;
  const it = (tag: string) => node[`${prefix.itunes}:${tag}`];
  const categories: ItunesCategory[] = [];
  for (const cat of all(it('category'))) {
    const text = attrOf(cat, 'text');
    if (!text) continue;
    const subs = all((cat as Node | null)?.[`${prefix.itunes}:category`])
      .map((sub) => attrOf(sub, 'text'))
      .filter((t): t is string => !!t);
    if (!subs.length) categories.push({ category: text, subcategory: null });
    for (const sub of subs) categories.push({ category: text, subcategory: sub });
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
    podcastGuid: readPodcastGuid(node, prefix.podcast),
    podcastTags: readChannelPodcastTags(node, prefix.podcast),
    managingEditor: textOf(node.managingEditor),
    rssAuthor: textOf(node.author),
    keywords: textOf(it('keywords')),
    summary: textOf(it('summary')),
    kept: keptElements(node, declaredNamespaces(channel.root), prefix.podcast, 'channel'),
    imageExtra:
      image && typeof image === 'object'
        ? Object.fromEntries(Object.entries(image).filter(([k]) => !['url', 'title', 'link'].includes(k) && !k.startsWith('@_')))
        : {},
    namespaces: keptNamespaces(declaredNamespaces(channel.root), prefix.podcast),
  };
}

/** Every item of the feed with an enclosure or a GUID, oldest first; the GUID falls back to the enclosure URL. */
export function readFeedEpisodes(channel: RssChannel): FeedEpisode[] {
  const { node, prefix } = channel;
  const namespaces = declaredNamespaces(channel.root);
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
    const durationText = textOf(it('duration'));
    const title = textOf(item.title) ?? textOf(it('title')) ?? 'Untitled episode';
    const description = textOf(item.description);
    const itunesTitle = textOf(it('title'));
    const summary = textOf(it('summary'));
    const kept = keptElements(item, namespaces, prefix.podcast, 'item');
    const textTags: ItemTextTags = {};
    for (const [name, value] of [
      ['itunes:author', textOf(it('author'))],
      ['itunes:keywords', textOf(it('keywords'))],
      ['dc:creator', textOf(item[`${prefix.dc}:creator`])],
    ] as const) {
      if (value) textTags[name] = value;
    }
    out.push({
      guid,
      title,
      description: content ?? description ?? summary ?? '',
      link: textOf(item.link),
      publishedAt: parseDate(textOf(item.pubDate)),
      duration: parseDuration(durationText),
      durationText: parseDuration(durationText) === null ? null : durationText,
      season: positiveInt(textOf(it('season')) ?? attrOf(item[`${prefix.podcast}:season`], 'number') ?? textOf(item[`${prefix.podcast}:season`])),
      episodeNumber: positiveInt(textOf(it('episode')) ?? textOf(item[`${prefix.podcast}:episode`])),
      explicit: parseExplicit(textOf(it('explicit'))),
      artwork: attrOf(it('image'), 'href'),
      episodeType: episodeTypeOf(textOf(it('episodeType'))),
      enclosure,
      textTags,
      wording: {
        ...(itunesTitle && itunesTitle !== title ? { 'itunes:title': itunesTitle } : {}),
        ...(content && description && description !== content ? { description } : {}),
        ...(summary ? { 'itunes:summary': summary } : {}),
      },
      podcastTags: { ...readItemPodcastTags(item, prefix.podcast), ...(Object.keys(kept).length ? { kept } : {}) },
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
