/**
 * Hosted media in THE storage (local disk or bucket) under hosted/{podcast hash}/{name}, served at
 * /media/{hash}/{name}. Files are copied from the old host through the guarded fetcher; a file already
 * copied is reused, so a resync never downloads twice.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { extname } from 'node:path';
import { guardedFetch } from '../fetch';
import { storage } from '../storage';
import { probeMediaType } from './media-type';
import { mediaDir, mediaKey, mediaPath, mediaUrl, mediaUrlPrefix } from '../media-paths';

/** Largest enclosure copied (a three-hour WAV would be larger; podcasts ship MP3/M4A). */
export const MAX_MEDIA_BYTES = 400 * 1024 * 1024;
const MEDIA_TIMEOUT_MS = 10 * 60 * 1000;

const EXT_BY_TYPE: Record<string, string> = {
  'audio/mpeg': '.mp3',
  'audio/mp3': '.mp3',
  'audio/x-m4a': '.m4a',
  'audio/mp4': '.m4a',
  'audio/aac': '.aac',
  'audio/ogg': '.ogg',
  'audio/opus': '.opus',
  'audio/wav': '.wav',
  'audio/x-wav': '.wav',
  'audio/flac': '.flac',
  'video/mp4': '.mp4',
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/webp': '.webp',
  'text/vtt': '.vtt',
  'application/x-subrip': '.srt',
  'application/srt': '.srt',
  'text/html': '.html',
  'text/plain': '.txt',
  'application/json': '.json',
  'application/json+chapters': '.json',
};

export const MIME_BY_EXT: Record<string, string> = {
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/x-m4a',
  '.aac': 'audio/aac',
  '.ogg': 'audio/ogg',
  '.opus': 'audio/opus',
  '.wav': 'audio/wav',
  '.flac': 'audio/flac',
  '.mp4': 'video/mp4',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.vtt': 'text/vtt',
  '.srt': 'application/x-subrip',
  '.html': 'text/html',
  '.txt': 'text/plain',
  '.json': 'application/json',
};

/**
 * What a media file is: episode audio, artwork (podcast:images and a liveItem's too), an episode's
 * transcript or chapters file, a podcast:person's image, or the file of an alternate enclosure.
 */
export type MediaKind = 'audio' | 'art' | 'transcript' | 'chapters' | 'person' | 'alternate';

const SUBJECT: Record<MediaKind, string> = {
  audio: 'episode audio',
  art: 'artwork',
  transcript: 'transcript',
  chapters: 'chapters file',
  person: 'person image',
  alternate: 'alternate enclosure',
};
const DEFAULT_EXT: Record<MediaKind, string> = { audio: '.mp3', art: '.jpg', transcript: '.txt', chapters: '.json', person: '.jpg', alternate: '.mp3' };

function nameFor(sourceUrl: string, kind: MediaKind, contentType: string | null): string {
  const digest = createHash('sha256').update(sourceUrl).digest('hex').slice(0, 20);
  let ext = '';
  try {
    ext = extname(new URL(sourceUrl).pathname).toLowerCase();
  } catch {
    ext = '';
  }
  if (!MIME_BY_EXT[ext]) ext = (contentType && EXT_BY_TYPE[contentType.split(';')[0]!.trim().toLowerCase()]) || DEFAULT_EXT[kind];
  return `${kind}-${digest}${ext}`;
}

export interface StoredMedia {
  name: string;
  url: string;
  size: number;
  type: string;
}

/** Files whose type is read from their bytes (an enclosure's type and extension are often wrong on the old host). */
const PROBED: ReadonlySet<MediaKind> = new Set(['audio', 'alternate']);

/** A stored copy of the source: by its exact name, or for a probed kind by its name without the extension (the bytes chose it). */
async function storedCopy(podcastHash: string, name: string, kind: MediaKind): Promise<{ name: string; size: number } | null> {
  const store = await storage();
  if (!PROBED.has(kind)) {
    const existing = await store.stat(mediaKey(podcastHash, name));
    return existing ? { name, size: existing.size } : null;
  }
  const stem = name.slice(0, name.length - extname(name).length + 1);
  for await (const object of store.list(mediaKey(podcastHash, stem))) {
    const found = object.key.slice(mediaDir(podcastHash).length + 1);
    if (found.startsWith(stem)) return { name: found, size: object.size };
  }
  return null;
}

/**
 * Copies a remote file into the podcast's media folder (once) and answers its public URL. Audio and
 * alternate enclosures are typed by their bytes (ffmpeg), not by the URL or the feed: the stored name
 * gets the extension of what the file is, so it is served with that type.
 */
export async function copyMedia(podcastHash: string, sourceUrl: string, kind: MediaKind, declaredType: string | null = null): Promise<StoredMedia> {
  let name = nameFor(sourceUrl, kind, declaredType);
  const typeOf = (n: string) => MIME_BY_EXT[extname(n)] ?? declaredType ?? 'application/octet-stream';
  const existing = await storedCopy(podcastHash, name, kind);
  if (existing) return { name: existing.name, url: mediaUrl(podcastHash, existing.name), size: existing.size, type: typeOf(existing.name) };
  const response = await guardedFetch(sourceUrl, {
    subject: SUBJECT[kind],
    maxBytes: MAX_MEDIA_BYTES,
    timeoutMs: MEDIA_TIMEOUT_MS,
    headers: { accept: '*/*', 'accept-encoding': 'identity' },
  });
  if (response.status < 200 || response.status >= 300) {
    throw new MediaCopyFailed(`The ${SUBJECT[kind]} at ${sourceUrl} answered with HTTP status ${response.status}.`);
  }
  const probed = PROBED.has(kind) ? await probeMediaType(response.body) : null;
  if (probed) name = `${name.slice(0, name.length - extname(name).length)}${probed.ext}`;
  const type = typeOf(name);
  await (await storage()).put(mediaKey(podcastHash, name), response.body, { contentType: type });
  return { name, url: mediaUrl(podcastHash, name), size: response.body.length, type };
}

/**
 * Stores a file made or uploaded on Cuepoint (episode audio, artwork, transcript, chapters) under `name`:
 * bytes, another stored object (an upload of the files domain, copied, so the upload stays), or a local
 * file (copied too: the demo seed's generated audio stays where it was made).
 */
export async function saveMedia(
  podcastHash: string,
  name: string,
  source: { bytes: Buffer | string } | { key: string } | { path: string },
): Promise<StoredMedia> {
  const store = await storage();
  const key = mediaKey(podcastHash, name);
  const type = MIME_BY_EXT[extname(name)] ?? 'application/octet-stream';
  const stored =
    'key' in source
      ? await store.copy(source.key, key)
      : await store.put(key, 'path' in source ? createReadStream(source.path) : Buffer.from(source.bytes), { contentType: type });
  return { name, url: mediaUrl(podcastHash, name), size: stored.size, type };
}

/** Removes a media file of the podcast by its public URL (a replaced or deleted upload); nothing for other URLs. */
export async function removeMedia(podcastHash: string, url: string | null | undefined): Promise<void> {
  const prefix = `${mediaUrlPrefix()}${encodeURIComponent(podcastHash)}/`;
  if (!url?.startsWith(prefix)) return;
  const key = mediaPath(podcastHash, decodeURIComponent(url.slice(prefix.length)));
  if (key) await (await storage()).remove(key);
}

/** A media file could not be copied from the old host. */
export class MediaCopyFailed extends Error {
  override readonly name = 'MediaCopyFailed';
}
