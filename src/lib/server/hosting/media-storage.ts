/**
 * Hosted media on local disk under DATA_DIR/files/hosted/{podcast hash}/, served at /media/{hash}/{name}.
 * Files are copied from the old host through the guarded fetcher; a file already copied is reused,
 * so a resync never downloads twice.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import { config } from '../config';
import { guardedFetch } from '../fetch/guarded-fetch';

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
  'video/mp4': '.mp4',
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/webp': '.webp',
};

export const MIME_BY_EXT: Record<string, string> = {
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/x-m4a',
  '.aac': 'audio/aac',
  '.ogg': 'audio/ogg',
  '.opus': 'audio/opus',
  '.wav': 'audio/wav',
  '.mp4': 'video/mp4',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
};

/** The folder of a podcast's media. */
export function mediaDir(podcastHash: string): string {
  return join(config().dataDir, 'files', 'hosted', podcastHash);
}

/** The public URL of a stored media file. */
export function mediaUrl(podcastHash: string, name: string): string {
  return `${config().appUrl}/media/${encodeURIComponent(podcastHash)}/${encodeURIComponent(name)}`;
}

/** The file on disk for /media/{hash}/{name}, or null when the name is not a plain file name or does not exist. */
export function mediaPath(podcastHash: string, name: string): string | null {
  if (!/^[\w-]+$/.test(podcastHash) || !/^[\w-]+\.[a-z0-9]{2,5}$/.test(name)) return null;
  const dir = resolve(mediaDir(podcastHash));
  const path = resolve(dir, name);
  if (!path.startsWith(dir + sep) || !existsSync(path)) return null;
  return path;
}

function nameFor(sourceUrl: string, kind: 'audio' | 'art', contentType: string | null): string {
  const digest = createHash('sha256').update(sourceUrl).digest('hex').slice(0, 20);
  let ext = '';
  try {
    ext = extname(new URL(sourceUrl).pathname).toLowerCase();
  } catch {
    ext = '';
  }
  if (!MIME_BY_EXT[ext]) ext = (contentType && EXT_BY_TYPE[contentType.split(';')[0]!.trim().toLowerCase()]) || (kind === 'audio' ? '.mp3' : '.jpg');
  return `${kind}-${digest}${ext}`;
}

export interface StoredMedia {
  name: string;
  url: string;
  size: number;
  type: string;
}

/** Copies a remote file into the podcast's media folder (once) and answers its public URL. */
export async function copyMedia(podcastHash: string, sourceUrl: string, kind: 'audio' | 'art', declaredType: string | null = null): Promise<StoredMedia> {
  const dir = mediaDir(podcastHash);
  const name = nameFor(sourceUrl, kind, declaredType);
  const path = join(dir, name);
  const type = MIME_BY_EXT[extname(name)] ?? declaredType ?? 'application/octet-stream';
  if (existsSync(path)) return { name, url: mediaUrl(podcastHash, name), size: statSync(path).size, type };
  const response = await guardedFetch(sourceUrl, {
    subject: kind === 'audio' ? 'episode audio' : 'artwork',
    maxBytes: MAX_MEDIA_BYTES,
    timeoutMs: MEDIA_TIMEOUT_MS,
    headers: { accept: '*/*', 'accept-encoding': 'identity' },
  });
  if (response.status < 200 || response.status >= 300) {
    throw new MediaCopyFailed(`The ${kind === 'audio' ? 'episode audio' : 'artwork'} at ${sourceUrl} answered with HTTP status ${response.status}.`);
  }
  mkdirSync(dir, { recursive: true });
  const tmp = `${path}.${process.pid}.part`;
  writeFileSync(tmp, response.body);
  renameSync(tmp, path);
  return { name, url: mediaUrl(podcastHash, name), size: response.body.length, type };
}

/** A media file could not be copied from the old host. */
export class MediaCopyFailed extends Error {
  override readonly name = 'MediaCopyFailed';
}
