/**
 * Where hosted media lives (infrastructure: every domain that serves, counts or stitches hosted audio
 * reads these, and none owns them): THE storage keeps a podcast's files under hosted/{podcast hash}/{name},
 * served at /media/{hash}/{name}. The hosting domain copies and writes the files; this only names them.
 */
import { config } from './config';

/** The storage key prefix of a podcast's media ('hosted/{hash}'). */
export function mediaDir(podcastHash: string): string {
  return `hosted/${podcastHash}`;
}

/** The storage key of one media file of a podcast. */
export function mediaKey(podcastHash: string, name: string): string {
  return `${mediaDir(podcastHash)}/${name}`;
}

/** The start of every hosted media URL (a URL that starts otherwise is served by someone else). */
export function mediaUrlPrefix(): string {
  return `${config().appUrl}/media/`;
}

/** The public URL of a stored media file. */
export function mediaUrl(podcastHash: string, name: string): string {
  return `${mediaUrlPrefix()}${encodeURIComponent(podcastHash)}/${encodeURIComponent(name)}`;
}

/** The storage key for /media/{hash}/{name}, or null when the name is not a plain file name (whether it exists is the storage's to say). */
export function mediaPath(podcastHash: string, name: string): string | null {
  if (!/^[\w-]+$/.test(podcastHash) || !/^[\w-]+\.[a-z0-9]{2,5}$/.test(name)) return null;
  return mediaKey(podcastHash, name);
}
