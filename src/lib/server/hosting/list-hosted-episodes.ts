/**
 * The hosted episodes of a podcast (those with audio on Cuepoint) for /hosting/episodes, newest first,
 * searched by title and filtered by state (published, scheduled, draft), paginated; and the numbers of
 * the hosting dashboard.
 */
import { and, count, desc, eq, getTableColumns, gt, isNotNull, lte, or, isNull, sql, sum, type SQL } from 'drizzle-orm';
import { contains, getDb, downloadDays, episodes } from '../db';
import { now as clockNow } from '../clock';
import type { EpisodeFilter } from '../../hosting-rules';
import { mediaUrlPrefix } from '../media-paths';
import { serializeEpisode, type HostedEpisodePayload } from './hosted-episodes';

export const EPISODES_PER_PAGE = 20;

/** An episode of the list with its downloads: all it ever counted (measurement's IAB counter, download_days). */
export type HostedEpisodeListItem = HostedEpisodePayload & { downloads: number };

const withDownloads = {
  ...getTableColumns(episodes),
  downloads: sql<number>`(select coalesce(sum(${downloadDays.downloads}), 0)::int from ${downloadDays} where ${downloadDays.episode_id} = ${episodes.id})`,
};
const listItem = (e: typeof episodes.$inferSelect & { downloads: number }, now: Date): HostedEpisodeListItem => ({
  ...serializeEpisode(e, now),
  downloads: Number(e.downloads),
});

const hosted = (podcastId: number) => and(eq(episodes.podcast_id, podcastId), isNotNull(episodes.enclosure_url));

function stateFilter(filter: EpisodeFilter, now: Date): SQL | undefined {
  if (filter === 'draft') return eq(episodes.status, 'draft');
  if (filter === 'scheduled') return and(eq(episodes.status, 'current'), gt(episodes.published_at, now));
  if (filter === 'published') return and(eq(episodes.status, 'current'), or(isNull(episodes.published_at), lte(episodes.published_at, now)));
  return undefined;
}

export interface EpisodeListQuery {
  page?: number;
  q?: string;
  filter?: EpisodeFilter;
}

/** One page of the podcast's episodes matching the search and filter, with the total. */
export async function listHostedEpisodes(
  podcastId: number,
  { page = 1, q = '', filter = 'all' }: EpisodeListQuery = {},
  now = clockNow(),
): Promise<{ items: HostedEpisodeListItem[]; total: number; page: number; lastPage: number }> {
  const db = await getDb();
  const search = q.trim() ? contains(episodes.title, q.trim()) : undefined;
  const where = and(hosted(podcastId), stateFilter(filter, now), search);
  const [t] = await db.select({ n: count() }).from(episodes).where(where);
  const total = Number(t?.n ?? 0);
  const lastPage = Math.max(1, Math.ceil(total / EPISODES_PER_PAGE));
  const current = Math.min(Math.max(1, page), lastPage);
  const rows = await db
    .select(withDownloads)
    .from(episodes)
    .where(where)
    .orderBy(sql`${episodes.published_at} desc nulls last`, desc(episodes.id))
    .limit(EPISODES_PER_PAGE)
    .offset((current - 1) * EPISODES_PER_PAGE);
  return { items: rows.map((e) => listItem(e, now)), total, page: current, lastPage };
}

/** The numbers of the hosting dashboard: episodes by state, audio served by Cuepoint, hours of audio. */
export async function hostingDashboardStats(
  podcastId: number,
  now = clockNow(),
): Promise<{
  episodes: number;
  published: number;
  scheduled: number;
  drafts: number;
  /** Episodes whose audio Cuepoint serves itself (the rest still play from the old host). */
  hostedFiles: number;
  seconds: number;
}> {
  const db = await getDb();
  const [agg] = await db
    .select({
      n: count(),
      files: sql<number>`count(*) filter (where ${episodes.enclosure_url} like ${`${mediaUrlPrefix()}%`})`,
      drafts: sql<number>`count(*) filter (where ${episodes.status} = 'draft')`,
      scheduled: sql<number>`count(*) filter (where ${episodes.status} = 'current' and ${episodes.published_at} > ${now})`,
      seconds: sum(episodes.duration),
    })
    .from(episodes)
    .where(hosted(podcastId));
  const n = Number(agg?.n ?? 0);
  const drafts = Number(agg?.drafts ?? 0);
  const scheduled = Number(agg?.scheduled ?? 0);
  return { episodes: n, published: n - drafts - scheduled, scheduled, drafts, hostedFiles: Number(agg?.files ?? 0), seconds: Number(agg?.seconds ?? 0) };
}

/** The podcast's latest hosted episodes, scheduled ones included, for the dashboard. */
export async function latestHostedEpisodes(podcastId: number, limit = 5, now = clockNow()): Promise<HostedEpisodeListItem[]> {
  const db = await getDb();
  const rows = await db
    .select(withDownloads)
    .from(episodes)
    .where(hosted(podcastId))
    .orderBy(sql`${episodes.published_at} desc nulls last`, desc(episodes.id))
    .limit(limit);
  return rows.map((e) => listItem(e, now));
}
