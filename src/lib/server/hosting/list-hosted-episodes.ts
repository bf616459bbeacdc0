/**
 * The hosted episodes of a podcast (those with audio on Cuepoint) for /hosting/episodes, newest first
 * (undated last), searched by title and filtered by state (published, scheduled, draft), paginated: "Next"
 * carries a keyset cursor (the date, undated as the year 1, then id: episodes_podcast_order_idx), a page
 * number without one is read by offset; and the numbers of the hosting dashboard.
 */
import { and, count, eq, getTableColumns, gt, isNotNull, lte, or, isNull, sql, sum, type SQL } from 'drizzle-orm';
import { contains, getDb, downloadDays, episodes, keyset } from '../db';
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

/** Newest first, undated last: one order for the list and the dashboard's latest, read from the index. */
const order = keyset([
  { column: sql`coalesce(${episodes.published_at}, timestamptz '0001-01-01 00:00:00+00')`, type: 'timestamp' },
  { column: episodes.id, type: 'int' },
]);

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
  /** The previous page's next_cursor: the page after it (a cursor that does not read falls back to the page number). */
  cursor?: string;
}

/** One page of the podcast's episodes matching the search and filter, with the total. */
export async function listHostedEpisodes(
  podcastId: number,
  { page = 1, q = '', filter = 'all', cursor: given }: EpisodeListQuery = {},
  now = clockNow(),
): Promise<{ items: HostedEpisodeListItem[]; total: number; page: number; lastPage: number; next_cursor: string | null }> {
  const db = await getDb();
  const cursor = order.readable(given);
  const search = q.trim() ? contains(episodes.title, q.trim()) : undefined;
  const where = and(hosted(podcastId), stateFilter(filter, now), search);
  const [t] = await db.select({ n: count() }).from(episodes).where(where);
  const total = Number(t?.n ?? 0);
  const lastPage = Math.max(1, Math.ceil(total / EPISODES_PER_PAGE));
  const current = Math.min(Math.max(1, page), lastPage);
  const rows = await db
    .select({ ...withDownloads, cursor_key: order.key })
    .from(episodes)
    .where(and(where, order.after(cursor)))
    .orderBy(...order.orderBy)
    .limit(EPISODES_PER_PAGE + 1)
    .offset(cursor ? 0 : (current - 1) * EPISODES_PER_PAGE);
  const cut = order.page(rows, EPISODES_PER_PAGE);
  return { items: cut.rows.map(({ cursor_key: _, ...e }) => listItem(e, now)), total, page: current, lastPage, next_cursor: cut.next_cursor };
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
    .orderBy(...order.orderBy)
    .limit(limit);
  return rows.map((e) => listItem(e, now));
}
