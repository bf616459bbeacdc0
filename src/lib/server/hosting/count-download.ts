/**
 * The per-episode download counter of hosted audio (/hosting/reports): a GET of an episode's enclosure
 * from its first byte counts once; HEAD requests, 304s and later byte ranges (players seeking or
 * resuming) do not. Not deduplicated by listener: these are raw downloads, said so on the Reports page.
 */
import { and, eq, like, sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { episodes, podcasts } from '../db/schema';

/** True when this media request and its answer count as a download. */
export function countsAsDownload(request: Request, status: number): boolean {
  if (request.method !== 'GET') return false;
  // 302: the bytes come from the CDN in front of the storage (MEDIA_PUBLIC_URL), counted as they leave here.
  if (status === 200 || (status === 302 && !request.headers.get('range'))) return true;
  if (status === 302) return /^bytes=0-/.test(request.headers.get('range')?.trim() ?? '');
  if (status !== 206) return false;
  return /^bytes=0-/.test(request.headers.get('range')?.trim() ?? '');
}

/** Adds one download to the episode whose enclosure is /media/{hash}/{name}; nothing when no episode has it (artwork). */
export async function countDownload(podcastHash: string, name: string): Promise<void> {
  const db = await getDb();
  const [podcast] = await db.select({ id: podcasts.id }).from(podcasts).where(eq(podcasts.hash_id, podcastHash));
  if (!podcast) return;
  const suffix = `%/media/${encodeURIComponent(podcastHash)}/${encodeURIComponent(name).replace(/[%_\\]/g, (c) => `\\${c}`)}`;
  await db
    .update(episodes)
    .set({ downloads: sql`${episodes.downloads} + 1` })
    .where(and(eq(episodes.podcast_id, podcast.id), like(episodes.enclosure_url, suffix)));
}
