/** A podcaster edits, deletes and schedules their podcast; editors mark podcasts premium. */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { getDb, categories, packages, podcastCategories, podcasts } from '../db';
import { fieldError, notFound } from '../http';
import { isDay, isTimeZone } from '../../slots';
import type { PodcastRow } from './list-podcasts';
import { findOwnedPodcast } from './owned-podcast';
import { publishPodcastUpdated } from './events';
import { readFeed } from './read-feed';

export const updatePodcastSchema = z.object({
  /** The RSS feed address; a new one is read before it is saved, and the show must be verified again. */
  url: z.string().trim().min(1).max(2000).url('The url field must be a valid URL.').optional(),
  title: z.string().trim().min(1).max(255).optional(),
  about: z.string().trim().max(4000).optional(),
  country: z.string().trim().length(2).nullable().optional(),
  category_ids: z.array(z.number().int().positive()).max(10).optional(),
});
export type UpdatePodcastInput = z.infer<typeof updatePodcastSchema>;

export const scheduleSchema = z.object({
  days: z.array(z.number().int().min(0).max(6)).max(7),
  frequency: z.number().int().min(1).max(8),
  start_from: z.string().refine(isDay, 'The start from field must be a date (YYYY-MM-DD).'),
  /** The show's time zone: its slots stay upcoming until their day ends there. */
  time_zone: z.string().refine(isTimeZone, 'The time zone must be a time zone such as America/New_York.').optional(),
});
export type ScheduleInput = z.infer<typeof scheduleSchema>;

/**
 * A new feed address for the podcast: refused for a show hosted on Cuepoint (its feed is ours) and for
 * a feed the user already added; the feed is read through the guarded fetcher first (an unreachable or
 * invalid feed is a 422 on url), then the show's owner email comes from it and ownership must be
 * verified again.
 */
async function feedChange(userId: number, podcast: PodcastRow, hosted: boolean, url: string): Promise<Partial<typeof podcasts.$inferInsert>> {
  if (url === podcast.url) return {};
  if (hosted) throw fieldError('url', 'This show is hosted on Cuepoint: its feed is the one we serve, so its original address cannot change.');
  const db = await getDb();
  const [duplicate] = await db
    .select({ id: podcasts.id })
    .from(podcasts)
    .where(and(eq(podcasts.user_id, userId), sql`lower(${podcasts.url}) = lower(${url})`, ne(podcasts.id, podcast.id)));
  if (duplicate) throw fieldError('url', 'You have already added this podcast.');
  const feed = await readFeed(url);
  return { url, email: feed.email, verified_at: null };
}

/** Saves the feed address, title, about, country and categories of the user's podcast. */
export async function updatePodcast(userId: number, podcastId: number, input: UpdatePodcastInput): Promise<PodcastRow> {
  const { podcast, hosted } = await findOwnedPodcast(userId, podcastId);
  const feed = input.url !== undefined ? await feedChange(userId, podcast, hosted !== null, input.url) : {};
  const db = await getDb();
  const saved = await db.transaction(async (tx) => {
    const changes: Partial<typeof podcasts.$inferInsert> = { ...feed };
    if (input.title !== undefined) changes.title = input.title;
    if (input.about !== undefined) changes.about = input.about;
    if (input.country !== undefined) changes.country = input.country?.toUpperCase() ?? null;
    if (input.category_ids) {
      const ids = [...new Set(input.category_ids)];
      const found = ids.length ? await tx.select({ id: categories.id }).from(categories).where(inArray(categories.id, ids)) : [];
      if (found.length !== ids.length) throw fieldError('category_ids', 'The selected category ids is invalid.');
      await tx.delete(podcastCategories).where(eq(podcastCategories.podcast_id, podcast.id));
      if (ids.length) await tx.insert(podcastCategories).values(ids.map((category_id) => ({ podcast_id: podcast.id, category_id })));
      changes.category_id = ids[0] ?? null;
    }
    if (!Object.keys(changes).length) return podcast;
    const [row] = await tx.update(podcasts).set(changes).where(eq(podcasts.id, podcast.id)).returning();
    return row!;
  });
  await publishPodcastUpdated('updated', saved);
  return saved;
}

/** Deletes the user's podcast; one with a hired proposal still running stays. */
export async function deletePodcast(userId: number, podcastId: number): Promise<void> {
  const { podcast } = await findOwnedPodcast(userId, podcastId);
  const db = await getDb();
  const [hired] = await db
    .select({ id: packages.id })
    .from(packages)
    .where(and(eq(packages.podcast_id, podcast.id), eq(packages.status, 'hired')))
    .limit(1);
  if (hired) throw fieldError('podcast', 'This podcast has hired sponsorships in progress and cannot be deleted.');
  await db.delete(podcasts).where(eq(podcasts.id, podcast.id));
  await publishPodcastUpdated('deleted', podcast);
}

/** Saves the publishing schedule the slot calendar derives from (POST /api/podcasts/{id}/calendar). */
export async function saveSchedule(userId: number, podcastId: number, input: ScheduleInput): Promise<PodcastRow> {
  const { podcast } = await findOwnedPodcast(userId, podcastId);
  const db = await getDb();
  const days = [...new Set(input.days)].sort();
  const [row] = await db
    .update(podcasts)
    .set({ schedule_settings: { days, frequency: input.frequency, start_from: input.start_from }, ...(input.time_zone ? { time_zone: input.time_zone } : {}) })
    .where(eq(podcasts.id, podcast.id))
    .returning();
  await publishPodcastUpdated('updated', row!);
  return row!;
}

/** Marks or unmarks any podcast premium (editors only; the endpoint checks is_editor). */
export async function setPremium(podcastId: number, premium: boolean): Promise<PodcastRow> {
  const db = await getDb();
  const [row] = await db.update(podcasts).set({ is_premium: premium }).where(eq(podcasts.id, podcastId)).returning();
  if (!row) throw notFound();
  await publishPodcastUpdated('updated', row);
  return row;
}
