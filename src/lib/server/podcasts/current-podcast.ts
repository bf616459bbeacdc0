/** Which of the podcaster's podcasts a call is about: the one asked for, else the current one. */
import { asc, eq } from 'drizzle-orm';
import type { AstroCookies } from 'astro';
import { statementCache } from '../cache';
import { getDb, podcasts } from '../db';
import { fieldError } from '../http';
import type { PodcastRow } from './list-podcasts';
import { findOwnedPodcast } from './owned-podcast';
import { cookieNames } from '../users';
import { pickCurrentPodcast } from '../../shell-rules';

/** Each podcaster's podcasts, kept a few seconds and dropped by any write to podcasts (every sponsorship view reads them). */
const ownPodcasts = statementCache<PodcastRow[]>('own-podcasts', 5_000);

/** The podcast named by id (owned, else 404), or the current_podcast cookie's, or the first; 422 when they have none. */
export async function resolvePodcast(userId: number, podcastId: number | null | undefined, cookies?: AstroCookies | null): Promise<PodcastRow> {
  if (podcastId) return (await findOwnedPodcast(userId, podcastId)).podcast;
  const db = await getDb();
  const mine = await ownPodcasts.getBy(String(userId), () => db.select().from(podcasts).where(eq(podcasts.user_id, userId)).orderBy(asc(podcasts.id)));
  const picked = pickCurrentPodcast(mine, cookies?.get(cookieNames().podcast)?.value);
  if (!picked) throw fieldError('podcast_id', 'Add a podcast first.');
  return picked;
}
