/**
 * Reads the <channel> of an RSS feed with fast-xml-parser. Namespaced tags are looked up by the
 * prefix the feed itself declares for the iTunes, Podcasting 2.0 and Dublin Core namespaces (almost
 * always `itunes:`, `podcast:` and `dc:`), so a feed with unusual prefixes still reads.
 */
import { XMLParser } from 'fast-xml-parser';

export const ITUNES_NS = 'http://www.itunes.com/dtds/podcast-1.0.dtd';
export const ATOM_NS = 'http://www.w3.org/2005/Atom';
export const CONTENT_NS = 'http://purl.org/rss/1.0/modules/content/';
export const DC_NS = 'http://purl.org/dc/elements/1.1/';
const PODCAST_NS = ['https://podcastindex.org/namespace/1.0', 'https://github.com/Podcastindex-org/podcast-namespace/blob/main/docs/1.0.md'];

type XmlNode = Record<string, unknown>;

export interface RssChannel {
  /** The parsed <channel> element. */
  node: XmlNode;
  /** The prefixes this feed uses for the iTunes, podcast and Dublin Core namespaces. */
  prefix: { itunes: string; podcast: string; dc: string };
  /** The <rss> element's attributes, namespace declarations (@_xmlns:…) among them. */
  root: XmlNode;
}

/** The answer was not an RSS feed (not XML, or no <rss><channel>). */
export class NotAnRssFeed extends Error {
  override readonly name = 'NotAnRssFeed';
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  // Deprecated in v5 in favour of a custom entityDecoder, but it is what decodes numeric references
  // (&#233;, &#64;) and the HTML entities feeds carry (&nbsp;); the built-in expansion limits still apply.
  htmlEntities: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

/** Decodes feed bytes using the charset of the XML declaration (UTF-8 when absent or unknown). */
export function decodeFeed(body: Buffer | string): string {
  if (typeof body === 'string') return body.replace(/^\uFEFF/, '');
  const head = body.subarray(0, 200).toString('latin1');
  const declared = /<\?xml[^>]*encoding=["']([\w.-]+)["']/i.exec(head)?.[1];
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(declared ?? 'utf-8');
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  return decoder.decode(body).replace(/^\uFEFF/, '');
}

const first = (value: unknown): unknown => (Array.isArray(value) ? value[0] : value);

/** Every value of a tag that may appear once or several times. */
export function all(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/** The text of an element whether it was parsed as a string or as an object with attributes. */
export function textOf(value: unknown): string | null {
  const v = first(value);
  if (typeof v === 'string') return v.trim() || null;
  if (typeof v === 'number') return String(v);
  if (v && typeof v === 'object' && '#text' in v) return textOf((v as XmlNode)['#text']);
  return null;
}

/** An attribute of an element, or null. */
export function attrOf(value: unknown, name: string): string | null {
  const v = first(value);
  if (!v || typeof v !== 'object') return null;
  const a = (v as XmlNode)[`@_${name}`];
  return typeof a === 'string' ? a.trim() || null : null;
}

function prefixFor(rss: XmlNode, uris: string[], fallback: string): string {
  for (const [key, value] of Object.entries(rss)) {
    if (key.startsWith('@_xmlns:') && typeof value === 'string' && uris.includes(value.trim().replace(/\/$/, ''))) return key.slice('@_xmlns:'.length);
  }
  return fallback;
}

/** Parses a feed and answers its channel; throws NotAnRssFeed when it is not one. */
export function parseRssChannel(body: Buffer | string): RssChannel {
  let doc: XmlNode;
  try {
    doc = parser.parse(decodeFeed(body)) as XmlNode;
  } catch {
    throw new NotAnRssFeed('The address does not answer with an RSS feed.');
  }
  const rss = first(doc?.rss);
  const channel = rss && typeof rss === 'object' ? first((rss as XmlNode).channel) : null;
  if (!rss || !channel || typeof channel !== 'object') throw new NotAnRssFeed('The address does not answer with an RSS feed.');
  const root = rss as XmlNode;
  return {
    node: channel as XmlNode,
    prefix: {
      itunes: prefixFor(root, [ITUNES_NS], 'itunes'),
      podcast: prefixFor(
        root,
        PODCAST_NS.map((u) => u.replace(/\/$/, '')),
        'podcast',
      ),
      dc: prefixFor(root, [DC_NS.replace(/\/$/, '')], 'dc'),
    },
    root: Object.fromEntries(Object.entries(root).filter(([k]) => k.startsWith('@_'))),
  };
}

/** The feed's `itunes:new-feed-url`, the in-feed way to announce a move, or null. */
export function readNewFeedUrl(channel: RssChannel): string | null {
  return textOf(channel.node[`${channel.prefix.itunes}:new-feed-url`]);
}
