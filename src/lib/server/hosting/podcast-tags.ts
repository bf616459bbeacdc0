/**
 * The Podcasting 2.0 elements of a feed (podcastindex.org/namespace/1.0) as the import keeps them and
 * the hosted feed serves them again. Elements read in fast-xml-parser's object form ('@_' attributes,
 * '#text' text) are stored with the `podcast:` prefix whatever prefix the old feed used, so XMLBuilder
 * writes them back exactly. Transcripts and chapters are read apart: their files are copied to
 * Cuepoint like the audio. The other elements that name a file (podcast:images, a person's img, the
 * sources of podcast:alternateEnclosure, podcast:trailer, and the same inside podcast:liveItem) are
 * found by fileRefsOf and rewritten to the copies by withFileUrls; so are the files named in the
 * other hosts' elements the import keeps (kept-elements.ts: media:content, googleplay:image, …).
 */
import { all, attrOf, textOf } from '../podcasts';

export const PODCAST_NS = 'https://podcastindex.org/namespace/1.0';

export interface TranscriptRef {
  url: string;
  type: string;
  language?: string;
  rel?: string;
}

export interface ChaptersRef {
  url: string;
  type: string;
}

/** An item's plain-text tags the hosted feed writes again exactly as the old feed had them. */
export type ItemTextTags = Partial<Record<'itunes:author' | 'itunes:keywords' | 'dc:creator', string>>;

/** An episode's Podcasting 2.0 data (episodes.podcast_tags), and the item tags kept as the old feed wrote them. */
export interface EpisodePodcastTags {
  transcripts?: TranscriptRef[];
  chapters?: ChaptersRef | null;
  /** The name of podcast:season, when the feed gave one (the number is the episode's season). */
  season_name?: string;
  /** Every other podcast:* element of the item as read (person, value, soundbite, location, license, …). */
  other?: Record<string, unknown>;
  /** itunes:author, itunes:keywords and dc:creator of the imported item, as written. */
  text?: ItemTextTags;
  /** The imported itunes:duration as written (its form and fractions kept); dropped when the audio is replaced. */
  duration_text?: string;
  /** The item's elements of other namespaces and plain RSS the hosted feed does not write, as written (kept-elements.ts). */
  kept?: Record<string, unknown>;
  /** The old feed's wording where it differs from the episode's fields, written while the title and notes are as imported. */
  wording?: ImportedWording;
}

/**
 * The old item's itunes:title, its description beside content:encoded and its itunes:summary (show notes
 * sanitised), with the title and notes they went with: once the podcaster edits one, its own value is written.
 */
export interface ImportedWording {
  title: string;
  notes: string;
  'itunes:title'?: string;
  description?: string;
  'itunes:summary'?: string;
}

/** What the hosted feed writes of an episode's title and notes: the imported wording while they are as imported. */
export function episodeWording(tags: EpisodePodcastTags, title: string, notes: string): { itunesTitle: string; description: string; summary: string | null } {
  const w = tags.wording;
  const sameTitle = w?.title === title;
  const sameNotes = w?.notes === notes;
  return {
    itunesTitle: (sameTitle && w?.['itunes:title']) || title,
    description: (sameNotes && w?.description) || notes || title,
    summary: (sameNotes && w?.['itunes:summary']) || null,
  };
}

/** Channel elements the hosted feed writes itself. */
const CHANNEL_OWN = new Set(['guid', 'locked']);
/** Item elements the hosted feed writes itself, or that name files on the old host it does not move. */
const ITEM_OWN = new Set(['transcript', 'chapters', 'season', 'episode']);

type Node = Record<string, unknown>;

/** Renames every key with the feed's own prefix to `podcast:` (children such as valueRecipient too). */
function normalize(value: unknown, prefix: string): unknown {
  if (Array.isArray(value)) return value.map((v) => normalize(v, prefix));
  if (!value || typeof value !== 'object') return value;
  const out: Node = {};
  for (const [key, v] of Object.entries(value as Node)) {
    const name = key.startsWith(`${prefix}:`) ? `podcast:${key.slice(prefix.length + 1)}` : key;
    out[name] = normalize(v, prefix);
  }
  return out;
}

/** The podcast:* elements of a channel or item node, minus the ones in `skip`, keyed `podcast:{name}`. */
function readOther(node: Node, prefix: string, skip: Set<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (!key.startsWith(`${prefix}:`)) continue;
    const local = key.slice(prefix.length + 1);
    if (skip.has(local)) continue;
    // A verification code of another service stays; ours is written by the podcaster, not copied.
    out[`podcast:${local}`] = normalize(value, prefix);
  }
  return out;
}

/** The channel's podcast:guid, exactly as written, or null. */
export function readPodcastGuid(node: Node, prefix: string): string | null {
  return textOf(node[`${prefix}:guid`]);
}

/** The channel's podcast:medium, or null. */
export function readMedium(node: Node, prefix: string): string | null {
  return textOf(node[`${prefix}:medium`]);
}

/** The channel's Podcasting 2.0 elements the hosted feed serves again (funding, person, value, medium, …). */
export function readChannelPodcastTags(node: Node, prefix: string): Record<string, unknown> {
  return readOther(node, prefix, CHANNEL_OWN);
}

/** An item's Podcasting 2.0 data: transcripts and chapters as references, the rest as read. */
export function readItemPodcastTags(item: Node, prefix: string): EpisodePodcastTags {
  const transcripts: TranscriptRef[] = [];
  for (const t of all(item[`${prefix}:transcript`])) {
    const url = attrOf(t, 'url');
    const type = attrOf(t, 'type');
    if (!url || !type) continue;
    const language = attrOf(t, 'language');
    const rel = attrOf(t, 'rel');
    transcripts.push({ url, type, ...(language ? { language } : {}), ...(rel ? { rel } : {}) });
  }
  const chaptersUrl = attrOf(item[`${prefix}:chapters`], 'url');
  const chapters = chaptersUrl ? { url: chaptersUrl, type: attrOf(item[`${prefix}:chapters`], 'type') ?? 'application/json+chapters' } : null;
  const other = readOther(item, prefix, ITEM_OWN);
  const seasonName = attrOf(item[`${prefix}:season`], 'name');
  return {
    ...(seasonName ? { season_name: seasonName } : {}),
    ...(transcripts.length ? { transcripts } : {}),
    ...(chapters ? { chapters } : {}),
    ...(Object.keys(other).length ? { other } : {}),
  };
}

/** The stored tags of an episode row, typed. */
export function episodeTagsOf(raw: unknown): EpisodePodcastTags {
  return raw && typeof raw === 'object' ? (raw as EpisodePodcastTags) : {};
}

/** A file named inside kept podcast:* elements, as the import copies it. */
export interface FileRef {
  kind: 'art' | 'person' | 'alternate' | 'audio';
  url: string;
  /** The MIME type the feed declares for it, when it does. */
  type: string | null;
}

const isHttp = (url: string) => /^https?:\/\//i.test(url);
const pathOf = (url: string) => {
  try {
    return new URL(url).pathname;
  } catch {
    return '';
  }
};

/** The URLs of a srcset attribute ("url 1500w, url 600w"), in order. */
function srcsetUrls(srcset: string): string[] {
  return srcset
    .split(',')
    .map((part) => part.trim().split(/\s+/)[0] ?? '')
    .filter(isHttp);
}

/**
 * Rebuilds a kept tree, passing every attribute that names a file to `visit` for its new value:
 * podcast:images@srcset, podcast:person@img, podcast:source@uri (of an alternate enclosure),
 * podcast:trailer@url, an itunes:image@href inside the tree (a podcast:liveItem's artwork), and in
 * kept elements of other namespaces the url of Media RSS content and thumbnails, of legacy and secure
 * enclosures and posters, and any url, href or src that names a media file.
 */
function mapFileAttributes(value: unknown, visit: (ref: FileRef, attr: string, raw: string) => string, element = '', type: string | null = null): unknown {
  if (Array.isArray(value)) return value.map((v) => mapFileAttributes(v, visit, element, type));
  if (!value || typeof value !== 'object') return value;
  const node = value as Node;
  // The type of an alternate enclosure is on it; a source may name its own (contentType), a trailer has type,
  // Media RSS content names its medium.
  const medium = attrOf(node, 'medium');
  const declared = attrOf(node, 'contentType') ?? attrOf(node, 'type') ?? (medium === 'image' ? 'image/*' : medium ? `${medium}/*` : null) ?? type;
  const out: Node = {};
  for (const [k, v] of Object.entries(node)) {
    const ref = k.startsWith('@_') && typeof v === 'string' ? fileRefAt(element, k, v, declared) : null;
    out[k] = ref
      ? visit(ref, k, v as string)
      : k.startsWith('@_')
        ? v
        : mapFileAttributes(v, visit, k, element === 'podcast:alternateEnclosure' ? declared : null);
  }
  return out;
}

/** What file an attribute names, by the element it is on; null when it names none (a web page, a stream). */
function fileRefAt(element: string, attr: string, raw: string, type: string | null): FileRef | null {
  const url = raw.trim();
  if (element === 'podcast:images' && attr === '@_srcset') return { kind: 'art', url, type: null };
  if (!isHttp(url)) return null;
  if (element === 'podcast:person' && attr === '@_img') return { kind: 'person', url, type: null };
  if (element === 'podcast:trailer' && attr === '@_url') return { kind: 'audio', url, type };
  if (element === 'podcast:source' && attr === '@_uri') return { kind: 'alternate', url, type };
  // An itunes:image nested in a kept element (a liveItem's artwork), googleplay:image.
  if (/^[\w-]+:image$/.test(element) && attr === '@_href') return { kind: 'art', url, type: null };
  // Other hosts' elements kept as written (kept-elements.ts): Media RSS content and thumbnails, the
  // BBC's legacy and secure enclosures, PowerPress's poster; else any url/href/src naming a media file.
  const local = element.slice(element.indexOf(':') + 1);
  if (attr === '@_url' && FILE_ELEMENTS.has(local))
    return { kind: isImage(type, url) || local === 'thumbnail' || local === 'poster' ? 'art' : 'alternate', url, type };
  if (/^@_(url|href|src)$/.test(attr) && MEDIA_EXTENSION.test(pathOf(url))) return { kind: isImage(type, url) ? 'art' : 'alternate', url, type };
  return null;
}

/** Elements of other namespaces whose url attribute names a file of the show. */
const FILE_ELEMENTS: ReadonlySet<string> = new Set(['content', 'thumbnail', 'enclosureLegacy', 'enclosureSecure', 'poster']);
const MEDIA_EXTENSION = /\.(mp3|m4a|aac|ogg|opus|wav|flac|mp4|m4v|jpe?g|png|webp|gif)$/i;
const isImage = (type: string | null, url: string) => (type ? type.startsWith('image/') : /\.(jpe?g|png|webp|gif)$/i.test(pathOf(url)));

/** Every file the kept tree names, once each (a srcset answers each of its URLs). */
export function fileRefsOf(tree: unknown): FileRef[] {
  const refs = new Map<string, FileRef>();
  mapFileAttributes(tree, (ref, attr, raw) => {
    for (const url of attr === '@_srcset' ? srcsetUrls(raw) : [ref.url]) refs.set(`${ref.kind} ${url}`, { ...ref, url });
    return raw;
  });
  return [...refs.values()];
}

/** The tree with every file URL that `copies` has (source URL → Cuepoint URL) replaced, srcsets included. */
export function withFileUrls<T>(tree: T, copies: Map<string, string>): T {
  return mapFileAttributes(tree, (_ref, attr, raw) => {
    if (attr === '@_srcset') return raw.replace(/[^\s,]+/g, (token) => copies.get(token) ?? token);
    return copies.get(raw.trim()) ?? raw;
  }) as T;
}
