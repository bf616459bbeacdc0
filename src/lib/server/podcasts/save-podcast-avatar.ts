/**
 * The podcast's artwork uploaded by its owner (cropped in the browser): checked by its magic bytes,
 * stored through the files domain and served from GET /api/file/{id} to any signed-in user.
 */
import { eq } from 'drizzle-orm';
import { getDb, podcasts } from '../db';
import { fieldError } from '../http';
import { fileUrl, removeTaggedFile } from '../files';
import { imageType } from '../file-formats';
import { findOwnedPodcast } from './owned-podcast';
import type { PodcastRow } from './list-podcasts';
import { requireUpload, storeUploadedBytes } from './store-image-bytes';

export const PODCAST_AVATAR_REFERENCE = 'podcast_avatar';
export const PODCAST_AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/** Stores the new artwork of the user's podcast, points the podcast at it and removes the previous upload. */
export async function savePodcastAvatar(userId: number, podcastId: number, value: unknown): Promise<PodcastRow> {
  const { podcast } = await findOwnedPodcast(userId, podcastId);
  const upload = requireUpload(value, 'avatar');
  if (upload.size > PODCAST_AVATAR_MAX_BYTES) throw fieldError('avatar', 'The avatar must not be greater than 5 MB.');
  if (!imageType(new Uint8Array(await upload.slice(0, 16).arrayBuffer()))) throw fieldError('avatar', 'The avatar must be a PNG, JPEG or WebP image.');
  const stored = await storeUploadedBytes(userId, upload, { type: PODCAST_AVATAR_REFERENCE, id: podcast.id }, 'avatar');
  const db = await getDb();
  const [row] = await db
    .update(podcasts)
    .set({ avatar_url: fileUrl(stored.id), avatar_file_id: stored.id })
    .where(eq(podcasts.id, podcast.id))
    .returning();
  if (podcast.avatar_file_id && podcast.avatar_file_id !== stored.id) await removeTaggedFile(podcast.avatar_file_id, PODCAST_AVATAR_REFERENCE);
  return row!;
}
