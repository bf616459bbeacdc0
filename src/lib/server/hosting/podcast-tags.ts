/**
 * The Podcasting 2.0 elements of a feed (podcastindex.org/namespace/1.0) as the import keeps them and
 * the hosted feed serves them again. Elements read in fast-xml-parser's object form ('@_' attributes,
 * '#text' text) are stored with the `podcast:` prefix whatever prefix the old feed used, so XMLBuilder
 * writes them back exactly. Transcripts and chapters are read apart: their files are copied to
 * Cuepoint like the audio.
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

/** An episode's Podcasting 2.0 data (episodes.podcast_tags). */
export interface EpisodePodcastTags {
  transcripts?: TranscriptRef[];
  chapters?: ChaptersRef | null;
  /** Every other podcast:* element of the item as read (person, value, soundbite, location, license, …). */
  other?: Record<string, unknown>;
}

/** Channel elements the hosted feed writes itself. */
const CHANNEL_OWN = new Set(['guid', 'locked']);
/** Item elements the hosted feed writes itself, or that name files on the old host it does not move. */
const ITEM_OWN = new Set(['transcript', 'chapters', 'season', 'episode', 'alternateEnclosure']);

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
  return {
    ...(transcripts.length ? { transcripts } : {}),
    ...(chapters ? { chapters } : {}),
    ...(Object.keys(other).length ? { other } : {}),
  };
}

/** The stored tags of an episode row, typed. */
export function episodeTagsOf(raw: unknown): EpisodePodcastTags {
  return raw && typeof raw === 'object' ? (raw as EpisodePodcastTags) : {};
}
