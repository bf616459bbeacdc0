/**
 * The hosted episodes of a podcast (those with audio on Cuepoint) for /hosting/episodes, newest
 * first, paginated, and the dashboard numbers.
 */
import { and, count, desc, eq, isNotNull, sql, sum } from 'drizzle-orm';
import { getDb } from '../db/client';
import { episodes } from '../db/schema';

export const EPISODES_PER_PAGE = 20;

const hosted = (podcastId: number) => and(eq(episodes.podcast_id, podcastId), isNotNull(episodes.enclosure_url));

export interface HostedEpisodeRow {
  hash_id: string;
  guid: string | null;
  title: string;
  published_at: string | null;
  duration: number | null;
  season: number | null;
  episode_number: number | null;
  enclosure_url: string | null;
  status: string;
  total_listens: number;
}

/** One page of the podcast's episodes with the total. */
export async function listHostedEpisodes(podcastId: number, page = 1): Promise<{ items: HostedEpisodeRow[]; total: number; page: number; lastPage: number }> {
  const db = await getDb();
  const [t] = await db.select({ n: count() }).from(episodes).where(hosted(podcastId));
  const total = Number(t?.n ?? 0);
  const lastPage = Math.max(1, Math.ceil(total / EPISODES_PER_PAGE));
  const current = Math.min(Math.max(1, page), lastPage);
  const rows = await db
    .select()
    .from(episodes)
    .where(hosted(podcastId))
    .orderBy(sql`${episodes.published_at} desc nulls last`, desc(episodes.id))
    .limit(EPISODES_PER_PAGE)
    .offset((current - 1) * EPISODES_PER_PAGE);
  return {
    items: rows.map((e) => ({
      hash_id: e.hash_id,
      guid: e.guid,
      title: e.title,
      published_at: e.published_at?.toISOString() ?? null,
      duration: e.duration,
      season: e.season,
      episode_number: e.episode_number,
      enclosure_url: e.enclosure_url,
      status: e.status,
      total_listens: e.total_listens,
    })),
    total,
    page: current,
    lastPage,
  };
}

/** The numbers of the hosting dashboard: episodes, hours of audio, listens, latest episode. */
export async function hostingDashboardStats(
  podcastId: number,
): Promise<{ episodes: number; hostedFiles: number; seconds: number; listens: number; latest: { title: string; published_at: string | null } | null }> {
  const db = await getDb();
  const [agg] = await db
    .select({
      n: count(),
      files: sql<number>`count(distinct ${episodes.enclosure_url})`,
      seconds: sum(episodes.duration),
      listens: sum(episodes.total_listens),
    })
    .from(episodes)
    .where(hosted(podcastId));
  const [latest] = await db
    .select({ title: episodes.title, published_at: episodes.published_at })
    .from(episodes)
    .where(hosted(podcastId))
    .orderBy(sql`${episodes.published_at} desc nulls last`)
    .limit(1);
  return {
    episodes: Number(agg?.n ?? 0),
    hostedFiles: Number(agg?.files ?? 0),
    seconds: Number(agg?.seconds ?? 0),
    listens: Number(agg?.listens ?? 0),
    latest: latest ? { title: latest.title, published_at: latest.published_at?.toISOString() ?? null } : null,
  };
}
