/** The numbers of /hosting/reports: downloads of the hosted audio per episode, and the totals. */
import { and, desc, eq, isNotNull, sql, sum, count } from 'drizzle-orm';
import { getDb } from '../db/client';
import { episodes } from '../db/schema';

export interface EpisodeReportRow {
  hash_id: string;
  title: string;
  published_at: string | null;
  downloads: number;
}

export interface HostingReport {
  episodes: number;
  downloads: number;
  /** Downloads per episode, averaged over episodes with audio. */
  average: number;
  top: EpisodeReportRow | null;
  rows: EpisodeReportRow[];
}

/** Downloads per hosted episode (most downloaded first, newest first among equals), at most `limit` rows. */
export async function hostingReport(podcastId: number, limit = 50): Promise<HostingReport> {
  const db = await getDb();
  const where = and(eq(episodes.podcast_id, podcastId), isNotNull(episodes.enclosure_url));
  const [agg] = await db
    .select({ n: count(), downloads: sum(episodes.downloads) })
    .from(episodes)
    .where(where);
  const rows = (
    await db
      .select({ hash_id: episodes.hash_id, title: episodes.title, published_at: episodes.published_at, downloads: episodes.downloads })
      .from(episodes)
      .where(where)
      .orderBy(desc(episodes.downloads), sql`${episodes.published_at} desc nulls last`, desc(episodes.id))
      .limit(limit)
  ).map((r) => ({ ...r, published_at: r.published_at?.toISOString() ?? null }));
  const n = Number(agg?.n ?? 0);
  const downloads = Number(agg?.downloads ?? 0);
  return { episodes: n, downloads, average: n ? Math.round((downloads / n) * 10) / 10 : 0, top: downloads > 0 ? (rows[0] ?? null) : null, rows };
}
