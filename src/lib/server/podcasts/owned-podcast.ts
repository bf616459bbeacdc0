/** Loads a podcast of the signed-in user; anyone else's podcast is a 404, never its data. */
import { and, eq } from 'drizzle-orm';
import { getDb, hostedPodcasts, podcasts } from '../db';
import { notFound } from '../http';
import type { HostedRow, PodcastRow } from './list-podcasts';

/** The user's podcast with its hosted record, or a 404. */
export async function findOwnedPodcast(userId: number, podcastId: number): Promise<{ podcast: PodcastRow; hosted: HostedRow | null }> {
  const db = await getDb();
  const [row] = await db
    .select({ podcast: podcasts, hosted: hostedPodcasts })
    .from(podcasts)
    .leftJoin(hostedPodcasts, eq(hostedPodcasts.podcast_id, podcasts.id))
    .where(and(eq(podcasts.id, podcastId), eq(podcasts.user_id, userId)));
  if (!row) throw notFound();
  return row;
}
