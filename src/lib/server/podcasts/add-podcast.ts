/** Adds a podcast to a podcaster's account from its RSS feed: the show, its categories and latest episodes. */
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { randomToken } from '../crypto';
import { getDb, type Tx, categories, episodes, podcastCategories, podcasts } from '../db';
import { fieldError } from '../http';
import type { PodcastRow } from './list-podcasts';
import { readFeed, type ListedFeed } from './read-feed';
import { publishPodcastUpdated } from './events';

export const addPodcastSchema = z.object({
  url: z.string().trim().min(1).max(2000).url('The url field must be a valid URL.'),
});
export type AddPodcastInput = z.infer<typeof addPodcastSchema>;

/** Our category ids for the feed's category titles (case-insensitive, "&amp;" already decoded). */
async function matchCategories(tx: Tx, titles: string[]): Promise<number[]> {
  if (!titles.length) return [];
  const all = await tx.select().from(categories);
  const wanted = titles.map((t) => t.trim().toLowerCase());
  return all.filter((c) => wanted.includes(c.title.toLowerCase())).map((c) => c.id);
}

/** Stores a read feed as a podcast of the user (with its categories and episodes). */
export async function storeFeed(tx: Tx, userId: number, feed: ListedFeed): Promise<PodcastRow> {
  const catIds = await matchCategories(tx, feed.categories);
  const [podcast] = await tx
    .insert(podcasts)
    .values({
      hash_id: randomToken(8),
      user_id: userId,
      url: feed.url,
      title: feed.title,
      about: feed.about,
      avatar_url: feed.artwork,
      email: feed.email,
      category_id: catIds[0] ?? null,
      source: 'rss',
    })
    .returning();
  if (catIds.length) await tx.insert(podcastCategories).values(catIds.map((category_id) => ({ podcast_id: podcast!.id, category_id })));
  if (feed.episodes.length) await tx.insert(episodes).values(feedEpisodeRows(podcast!.id, feed)).onConflictDoNothing();
  return podcast!;
}

/** The episode rows of a read feed (a GUID already stored for the podcast is skipped by the caller's conflict rule). */
export function feedEpisodeRows(podcastId: number, feed: ListedFeed): Array<typeof episodes.$inferInsert> {
  return feed.episodes.map((e, i) => ({
    hash_id: randomToken(8),
    podcast_id: podcastId,
    // The same fallback as the hosting import, so the import completes these rows instead of duplicating them.
    guid: e.guid ?? e.enclosure_url ?? `${feed.url}#${i}`,
    title: e.title.slice(0, 500),
    description: e.description,
    url: e.url,
    published_at: e.published_at,
    duration: e.duration,
    enclosure_url: e.enclosure_url,
    enclosure_type: e.enclosure_type,
    enclosure_length: e.enclosure_length,
  }));
}

/** Reads the feed at the URL and adds it to the user's podcasts; a feed they already added is a 422. */
export async function addPodcast(userId: number, input: AddPodcastInput): Promise<PodcastRow> {
  const db = await getDb();
  const [existing] = await db
    .select({ id: podcasts.id })
    .from(podcasts)
    .where(and(eq(podcasts.user_id, userId), sql`lower(${podcasts.url}) = lower(${input.url})`));
  if (existing) throw fieldError('url', 'You have already added this podcast.');
  const feed = await readFeed(input.url);
  const podcast = await db.transaction((tx) => storeFeed(tx, userId, feed));
  await publishPodcastUpdated('created', podcast);
  return podcast;
}
