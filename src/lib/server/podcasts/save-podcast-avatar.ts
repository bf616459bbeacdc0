/**
 * The podcast's artwork uploaded by its owner (cropped in the browser): checked by its magic bytes,
 * stored through the files domain and served from GET /api/file/{id} to any signed-in user.
 */
import { and, eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { files, podcasts } from '../db/schema';
import { fieldError } from '../http';
import { removeStored } from '../files/storage';
import { fileUrl } from '../files/file-resource';
import { findOwnedPodcast } from './owned-podcast';
import type { PodcastRow } from './list-podcasts';
import { requireUpload, storeUploadedBytes } from './store-image-bytes';

export const PODCAST_AVATAR_REFERENCE = 'podcast_avatar';
export const PODCAST_AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/** The image type of a buffer by its first bytes (png, jpeg or webp), or null. */
function imageKind(bytes: Uint8Array): 'png' | 'jpeg' | 'webp' | null {
  if (bytes.length > 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'png';
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length > 12 && String.fromCharCode(...bytes.slice(0, 4)) === 'RIFF' && String.fromCharCode(...bytes.slice(8, 12)) === 'WEBP') return 'webp';
  return null;
}

/** Stores the new artwork of the user's podcast, points the podcast at it and removes the previous upload. */
export async function savePodcastAvatar(userId: number, podcastId: number, value: unknown): Promise<PodcastRow> {
  const { podcast } = await findOwnedPodcast(userId, podcastId);
  const upload = requireUpload(value, 'avatar');
  if (upload.size > PODCAST_AVATAR_MAX_BYTES) throw fieldError('avatar', 'The avatar must not be greater than 5 MB.');
  if (!imageKind(new Uint8Array(await upload.slice(0, 16).arrayBuffer()))) throw fieldError('avatar', 'The avatar must be a PNG, JPEG or WebP image.');
  const stored = await storeUploadedBytes(userId, upload, { type: PODCAST_AVATAR_REFERENCE, id: podcast.id }, 'avatar');
  const db = await getDb();
  const [row] = await db
    .update(podcasts)
    .set({ avatar_url: fileUrl(stored.id), avatar_file_id: stored.id })
    .where(eq(podcasts.id, podcast.id))
    .returning();
  if (podcast.avatar_file_id && podcast.avatar_file_id !== stored.id) {
    const [old] = await db
      .delete(files)
      .where(and(eq(files.id, podcast.avatar_file_id), eq(files.reference_type, PODCAST_AVATAR_REFERENCE)))
      .returning();
    if (old) await removeStored(old.path);
  }
  return row!;
}
