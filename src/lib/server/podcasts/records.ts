/**
 * The changes other domains make to a podcast or to its episodes, each named, so that the podcasts domain
 * is the one writer of both tables (scripts/lib/domain-layers.cjs, tests/unit/table-writers.test.ts):
 * hosting admits a show, imports its feed and edits its episodes; the marketplace keeps the show's rating;
 * measurement its verified listens and whether its downloads are measured.
 */
import { eq, inArray } from 'drizzle-orm';
import { type Db, getDb, type Tx, episodes, podcasts } from '../db';

export type PodcastInsert = typeof podcasts.$inferInsert;
export type EpisodeInsert = typeof episodes.$inferInsert;
export type EpisodeRecord = typeof episodes.$inferSelect;

/** The fields of an episode another domain may change (its identity, hash_id, podcast_id and guid, stays). */
export type EpisodeChanges = Partial<Omit<EpisodeInsert, 'id' | 'hash_id' | 'podcast_id' | 'guid' | 'created_at'>>;

async function writer(db?: Db | Tx): Promise<Db | Tx> {
  return db ?? (await getDb());
}

/** A show admitted by an invitation to hosting (the account is made in the same transaction). */
export async function createInvitedPodcast(
  tx: Tx,
  values: Pick<PodcastInsert, 'hash_id' | 'user_id' | 'url' | 'title' | 'avatar_url'>,
): Promise<{ id: number }> {
  const [podcast] = await tx
    .insert(podcasts)
    .values({ ...values, source: 'rss', is_onboarded: true })
    .returning({ id: podcasts.id });
  return podcast!;
}

/** What a hosting import reads from the show's own feed: its title, description and artwork. */
export async function setPodcastFromFeed(podcastId: number, fields: Required<Pick<PodcastInsert, 'title' | 'about' | 'avatar_url'>>): Promise<void> {
  await (await writer()).update(podcasts).set(fields).where(eq(podcasts.id, podcastId));
}

/** The show finished onboarding (hosting's last step counts as the marketplace's too). */
export async function markPodcastOnboarded(podcastId: number): Promise<void> {
  await (await writer()).update(podcasts).set({ is_onboarded: true }).where(eq(podcasts.id, podcastId));
}

/** The show's marketplace category (hosting's migration asks it). */
export async function setPodcastCategory(podcastId: number, categoryId: number, db?: Db | Tx): Promise<void> {
  await (await writer(db)).update(podcasts).set({ category_id: categoryId }).where(eq(podcasts.id, podcastId));
}

/** The mean of the show's ratings, as the marketplace computed it. */
export async function setPodcastRating(podcastId: number, ratingAvg: number): Promise<void> {
  await (await writer()).update(podcasts).set({ rating_avg: ratingAvg }).where(eq(podcasts.id, podcastId));
}

/** The listens an admin verified from the podcaster's own statistics. */
export async function setVerifiedListens(podcastId: number, listens: number, db?: Db | Tx): Promise<void> {
  await (await writer(db)).update(podcasts).set({ avg_listens: listens }).where(eq(podcasts.id, podcastId));
}

/** Whether each of these shows has an active analytics connection (measured), as measurement found. */
export async function setMeasured(podcastIds: number[], measuredIds: ReadonlySet<number>): Promise<void> {
  const db = await writer();
  const on = podcastIds.filter((id) => measuredIds.has(id));
  const off = podcastIds.filter((id) => !measuredIds.has(id));
  if (on.length) await db.update(podcasts).set({ has_active_analytics: true }).where(inArray(podcasts.id, on));
  if (off.length) await db.update(podcasts).set({ has_active_analytics: false }).where(inArray(podcasts.id, off));
}

/** Adds an episode (an upload in the hosted editor, or the demo's generated audio). */
export async function insertEpisode(values: EpisodeInsert): Promise<EpisodeRecord> {
  const [saved] = await (await writer()).insert(episodes).values(values).returning();
  return saved!;
}

/** An episode moved in from the old feed: added, or brought up to date when its GUID is already here. */
export async function upsertImportedEpisode(
  identity: Pick<EpisodeInsert, 'hash_id' | 'podcast_id' | 'guid' | 'status'>,
  fields: EpisodeChanges & Pick<EpisodeInsert, 'title'>,
): Promise<{ id: number }> {
  const [episode] = await (await writer())
    .insert(episodes)
    .values({ ...identity, ...fields })
    .onConflictDoUpdate({ target: [episodes.podcast_id, episodes.guid], set: fields })
    .returning({ id: episodes.id });
  return episode!;
}

/** Saves changes to an episode (details, files, status); answers the saved row. */
export async function updateEpisode(episodeId: number, changes: EpisodeChanges): Promise<EpisodeRecord> {
  const [saved] = await (await writer()).update(episodes).set(changes).where(eq(episodes.id, episodeId)).returning();
  return saved!;
}

/** Deletes an episode (its stored files are the caller's to remove). */
export async function deleteEpisode(episodeId: number): Promise<void> {
  await (await writer()).delete(episodes).where(eq(episodes.id, episodeId));
}
