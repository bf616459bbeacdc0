/**
 * Every element of the old feed the hosted feed does not write itself, kept as the old feed wrote it
 * (issue 36): plain RSS (ttl, webMaster, an item's category and comments), iTunes tags Cuepoint has no
 * field for (subtitle, block, complete), and whole namespaces of other hosts and services — Media RSS,
 * Google Play, Acast, FeedPress, the BBC's ppg, PowerPress's rawvoice, syndication, comments. They are
 * read in fast-xml-parser's object form ('@_' attributes, '#text' text) and written back by the feed's
 * XMLBuilder under their namespace, declared on the hosted feed's <rss>. The files they name
 * (media:content, media:thumbnail, googleplay:image, a legacy or secure enclosure, a poster) are
 * found by podcast-tags' fileRefsOf and moved like the audio. Podcasting 2.0 elements are kept apart
 * (podcast-tags.ts), as are the elements the hosted feed writes itself (WRITTEN, one list for both).
 */
import { ATOM_NS, CONTENT_NS, DC_NS, ITUNES_NS } from '../podcasts';

type Node = Record<string, unknown>;

/** The namespaces the hosted feed declares itself, by the prefix it writes them with. */
export const OWN_NAMESPACES: Readonly<Record<string, string>> = {
  itunes: ITUNES_NS,
  atom: ATOM_NS,
  content: CONTENT_NS,
  dc: DC_NS,
};

/**
 * The elements the hosted feed writes itself, by namespace ('' is plain RSS) and local name: the
 * import reads them into the show's and episodes' own fields, so they are not kept a second time.
 * itunes:new-feed-url is the old host's own address (the hosted feed names a new one only once the
 * show leaves); every atom:link is the old host's (self, hub, paging).
 */
const WRITTEN: Record<'channel' | 'item', Record<string, ReadonlySet<string>>> = {
  channel: {
    '': new Set([
      'title',
      'link',
      'description',
      'language',
      'copyright',
      'managingEditor',
      'author',
      'generator',
      'image',
      'item',
      'lastBuildDate',
      'pubDate',
      'docs',
    ]),
    [ITUNES_NS]: new Set(['author', 'summary', 'keywords', 'type', 'owner', 'image', 'category', 'explicit', 'new-feed-url']),
    [ATOM_NS]: new Set(['link']),
  },
  item: {
    '': new Set(['title', 'description', 'link', 'guid', 'pubDate', 'enclosure']),
    [CONTENT_NS]: new Set(['encoded']),
    [ITUNES_NS]: new Set(['title', 'duration', 'author', 'keywords', 'episodeType', 'season', 'episode', 'explicit', 'image', 'summary']),
    [DC_NS]: new Set(['creator']),
  },
};

/** The elements kept of a channel or an item, under the prefixes the hosted feed writes them with. */
export type KeptElements = Record<string, unknown>;

/** The namespace declarations of the old feed's <rss> (prefix → URI), trailing slashes as written. */
export function declaredNamespaces(root: Node): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(root)) {
    if (key.startsWith('@_xmlns:') && typeof value === 'string') out[key.slice('@_xmlns:'.length)] = value.trim();
  }
  return out;
}

const bare = (uri: string) => uri.replace(/\/$/, '');
const ownPrefixOf = (uri: string) => Object.entries(OWN_NAMESPACES).find(([, u]) => bare(u) === bare(uri))?.[0];

/**
 * The prefix a kept element is written with: ours for a namespace the hosted feed declares (a feed
 * may call iTunes `itms:`), else the old feed's own, renamed when it would clash with one of ours.
 */
function hostedPrefix(prefix: string, namespaces: Record<string, string>): string {
  const uri = namespaces[prefix];
  if (!uri) return prefix;
  return ownPrefixOf(uri) ?? (prefix in OWN_NAMESPACES || prefix === 'podcast' ? `${prefix}1` : prefix);
}

function rename(name: string, namespaces: Record<string, string>): string {
  const colon = name.indexOf(':');
  if (colon < 0 || name.startsWith('@_')) return name;
  return `${hostedPrefix(name.slice(0, colon), namespaces)}:${name.slice(colon + 1)}`;
}

function renamed(value: unknown, namespaces: Record<string, string>): unknown {
  if (Array.isArray(value)) return value.map((v) => renamed(v, namespaces));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value as Node).map(([k, v]) => [rename(k, namespaces), renamed(v, namespaces)]));
}

/** The elements of a channel or item node the hosted feed does not write, nor keeps as Podcasting 2.0. */
export function keptElements(node: Node, namespaces: Record<string, string>, podcastPrefix: string, level: 'channel' | 'item'): KeptElements {
  const out: KeptElements = {};
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('@_') || key === '#text') continue;
    const colon = key.indexOf(':');
    const prefix = colon < 0 ? '' : key.slice(0, colon);
    const local = colon < 0 ? key : key.slice(colon + 1);
    if (prefix === podcastPrefix) continue;
    const uri = prefix ? namespaces[prefix] : '';
    // An element of an undeclared prefix cannot be written back as XML that parses.
    if (uri === undefined) continue;
    const written = Object.entries(WRITTEN[level]).find(([ns]) => bare(ns) === bare(uri))?.[1];
    if (written?.has(local)) continue;
    out[rename(key, namespaces)] = renamed(value, namespaces);
  }
  return out;
}

/** The declarations the hosted feed adds for kept elements: every prefix of the old feed that is not ours. */
export function keptNamespaces(namespaces: Record<string, string>, podcastPrefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [prefix, uri] of Object.entries(namespaces)) {
    if (prefix === podcastPrefix || ownPrefixOf(uri)) continue;
    out[hostedPrefix(prefix, namespaces)] = uri;
  }
  return out;
}
