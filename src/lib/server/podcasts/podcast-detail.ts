/** The full podcast payload: §3 fields plus its categories and schedule, for owners and public pages. */
import { asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { getDb, categories, episodes, hostedPodcasts, podcastCategories, podcasts } from '../db';
import { notFound } from '../http';
import { readSchedule, type ScheduleSettings } from '../../slots';
import type { CategoryPayload, PodcastPayload } from '../../types';
import { serializePodcast, type HostedRow, type PodcastRow } from './list-podcasts';

export interface PodcastDetailPayload extends PodcastPayload {
  country: string | null;
  categories: CategoryPayload[];
  schedule_settings: ScheduleSettings | null;
  has_active_analytics: boolean;
  created_at: string;
}

export interface EpisodePayload {
  id: number;
  hash_id: string;
  title: string;
  url: string | null;
  published_at: string | null;
  podcast_id: number;
  listens: number;
  total_listens: number;
  status: string;
  duration: number | null;
}

/**
 * Categories of several podcasts, by podcast id, in one statement: the linked ones by title, with the
 * main category_id first when it is not among them.
 */
export async function categoriesOf(rows: PodcastRow[]): Promise<Map<number, CategoryPayload[]>> {
  const out = new Map<number, CategoryPayload[]>(rows.map((r) => [r.id, []]));
  if (!rows.length) return out;
  const db = await getDb();
  const ids = rows.map((r) => r.id);
  const linked = db
    .select({ podcast_id: podcastCategories.podcast_id, id: categories.id, title: categories.title, main: sql<boolean>`false`.as('main') })
    .from(podcastCategories)
    .innerJoin(categories, eq(categories.id, podcastCategories.category_id))
    .where(inArray(podcastCategories.podcast_id, ids));
  const main = db
    .select({ podcast_id: podcasts.id, id: categories.id, title: categories.title, main: sql<boolean>`true`.as('main') })
    .from(podcasts)
    .innerJoin(categories, eq(categories.id, podcasts.category_id))
    .where(inArray(podcasts.id, ids));
  const found = await linked.unionAll(main).orderBy(asc(sql`title`));
  for (const c of found) if (!c.main) out.get(c.podcast_id)!.push({ id: c.id, title: c.title });
  for (const c of found) {
    const list = out.get(c.podcast_id)!;
    if (c.main && !list.some((x) => x.id === c.id)) list.unshift({ id: c.id, title: c.title });
  }
  return out;
}

/** Serializes a podcast with its categories and schedule. */
export function serializePodcastDetail(p: PodcastRow, hosted: HostedRow | null, cats: CategoryPayload[]): PodcastDetailPayload {
  return {
    ...serializePodcast(p, hosted),
    country: p.country,
    categories: cats,
    schedule_settings: readSchedule(p.schedule_settings),
    has_active_analytics: p.has_active_analytics,
    created_at: p.created_at.toISOString(),
  };
}

/** One podcast's detail payload. */
export async function podcastDetail(p: PodcastRow, hosted: HostedRow | null): Promise<PodcastDetailPayload> {
  return serializePodcastDetail(p, hosted, (await categoriesOf([p])).get(p.id) ?? []);
}

/** A podcast by hash id (or numeric id), for signed-in users; 404 when unknown. */
export async function findPublicPodcast(key: string): Promise<{ podcast: PodcastRow; hosted: HostedRow | null }> {
  const db = await getDb();
  const byId = /^\d{1,10}$/.test(key) ? Number(key) : null;
  const [row] = await db
    .select({ podcast: podcasts, hosted: hostedPodcasts })
    .from(podcasts)
    .leftJoin(hostedPodcasts, eq(hostedPodcasts.podcast_id, podcasts.id))
    .where(byId && byId <= 2_147_483_647 ? or(eq(podcasts.hash_id, key), eq(podcasts.id, byId)) : eq(podcasts.hash_id, key))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** Serializes an episode row. */
export function serializePodcastEpisode(e: typeof episodes.$inferSelect): EpisodePayload {
  return {
    id: e.id,
    hash_id: e.hash_id,
    title: e.title,
    url: e.url,
    published_at: e.published_at?.toISOString() ?? null,
    podcast_id: e.podcast_id,
    listens: e.listens,
    total_listens: e.total_listens,
    status: e.status,
    duration: e.duration,
  };
}

/** A podcast's published episodes, newest first, paginated. */
export async function listEpisodes(podcastId: number, page = 1, perPage = 10): Promise<{ items: EpisodePayload[]; total: number }> {
  const db = await getDb();
  const all = await db.select().from(episodes).where(eq(episodes.podcast_id, podcastId)).orderBy(desc(episodes.published_at), desc(episodes.id));
  const current = all.filter((e) => e.status === 'current');
  return { items: current.slice((page - 1) * perPage, page * perPage).map(serializePodcastEpisode), total: current.length };
}

/** Every podcast of the user with categories and schedule, oldest first. */
export async function listPodcastDetails(userId: number): Promise<PodcastDetailPayload[]> {
  const db = await getDb();
  const rows = await db
    .select({ podcast: podcasts, hosted: hostedPodcasts })
    .from(podcasts)
    .leftJoin(hostedPodcasts, eq(hostedPodcasts.podcast_id, podcasts.id))
    .where(eq(podcasts.user_id, userId))
    .orderBy(asc(podcasts.id));
  return podcastDetailsOf(rows);
}

/** The detail payloads of podcasts already read (a page's: the shell's rows), with their categories (one statement). */
export async function podcastDetailsOf(rows: Array<{ podcast: PodcastRow; hosted: HostedRow | null }>): Promise<PodcastDetailPayload[]> {
  const cats = await categoriesOf(rows.map((r) => r.podcast));
  return rows.map((r) => serializePodcastDetail(r.podcast, r.hosted, cats.get(r.podcast.id) ?? []));
}
