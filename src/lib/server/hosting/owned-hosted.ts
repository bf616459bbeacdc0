/** Loads a hosted podcast of the signed-in user; anyone else's answers 404, never data. */
import { and, eq } from 'drizzle-orm';
import { getDb, hostedPodcasts, podcasts } from '../db';
import { notFound } from '../http';
import type { HostedRow, PodcastRow } from '../podcasts';

/** The user's hosted podcast (by hosted id) with its podcast, or a 404. */
export async function findOwnedHosted(userId: number, hostedId: number): Promise<{ hosted: HostedRow; podcast: PodcastRow }> {
  const db = await getDb();
  const [row] = await db
    .select({ hosted: hostedPodcasts, podcast: podcasts })
    .from(hostedPodcasts)
    .innerJoin(podcasts, eq(podcasts.id, hostedPodcasts.podcast_id))
    .where(and(eq(hostedPodcasts.id, hostedId), eq(podcasts.user_id, userId)));
  if (!row) throw notFound();
  return row;
}

/** The user's hosted podcast by podcast id, or a 404. */
export async function findOwnedHostedByPodcast(userId: number, podcastId: number): Promise<{ hosted: HostedRow; podcast: PodcastRow }> {
  const db = await getDb();
  const [row] = await db
    .select({ hosted: hostedPodcasts, podcast: podcasts })
    .from(hostedPodcasts)
    .innerJoin(podcasts, eq(podcasts.id, hostedPodcasts.podcast_id))
    .where(and(eq(hostedPodcasts.podcast_id, podcastId), eq(podcasts.user_id, userId)));
  if (!row) throw notFound();
  return row;
}
