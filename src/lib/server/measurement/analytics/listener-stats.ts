/**
 * Listener stats (core §3 `listener stats`): one row per aired ad. Its `avg` is the downloads of the
 * episode the ad aired in, from that episode's publication (delivery writes `aired_at`: the feed date,
 * or the moment the episode was linked when it has none) — even when that is before the booked air date.
 * A show that is not measured (no active analytics connection, no downloads) is filled in with the
 * listens of its admin-approved manual stats, marked self-reported.
 */
import { and, desc, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { getDb, analyticsConnections, downloadDays, episodes, listenerStats, packageJobs, packages, podcastManualStats } from '../../db';

const MANUAL_VALID_MS = 90 * 86_400_000;

/**
 * Recomputes the listener stats of the ads aired in these episodes (every aired ad when none are given),
 * and creates the missing ones of newly aired ads.
 */
export async function refreshListenerStats(episodeIds?: number[]): Promise<number> {
  const db = await getDb();
  // An ad unlinked from its episode has no listens of its own any more.
  await db
    .delete(listenerStats)
    .where(sql`${listenerStats.package_job_id} in (select ${packageJobs.id} from ${packageJobs} where ${packageJobs.aired_episode_id} is null)`);
  const aired = await db
    .select({
      job_id: packageJobs.id,
      package_id: packageJobs.package_id,
      episode_id: packageJobs.aired_episode_id,
      aired_at: packageJobs.aired_at,
      published_at: episodes.published_at,
      podcast_id: packages.podcast_id,
      stats_id: listenerStats.id,
    })
    .from(packageJobs)
    .innerJoin(packages, eq(packages.id, packageJobs.package_id))
    .innerJoin(episodes, eq(episodes.id, packageJobs.aired_episode_id))
    .leftJoin(listenerStats, eq(listenerStats.package_job_id, packageJobs.id))
    .where(
      episodeIds
        ? sql`${packageJobs.aired_episode_id} = any(${sql.param(episodeIds)}::int[]) or (${isNotNull(packageJobs.aired_episode_id)} and ${isNull(listenerStats.id)})`
        : isNotNull(packageJobs.aired_episode_id),
    );
  if (!aired.length) return 0;
  const podcastIds = [...new Set(aired.map((a) => a.podcast_id))];
  const [active, manual] = await Promise.all([
    db
      .select({ podcast_id: analyticsConnections.podcast_id })
      .from(analyticsConnections)
      .where(and(inArray(analyticsConnections.podcast_id, podcastIds), eq(analyticsConnections.status, 'active'))),
    db
      .select()
      .from(podcastManualStats)
      .where(and(inArray(podcastManualStats.podcast_id, podcastIds), eq(podcastManualStats.status, 'verified')))
      .orderBy(desc(podcastManualStats.created_at)),
  ]);
  const measuredShows = new Set(active.map((a) => a.podcast_id));
  for (const ad of aired) {
    const from = ad.aired_at ?? ad.published_at ?? new Date(0);
    const [row] = await db
      .select({ n: sql<number>`coalesce(sum(${downloadDays.downloads}), 0)::int` })
      .from(downloadDays)
      .where(and(eq(downloadDays.episode_id, ad.episode_id!), gte(downloadDays.day, from.toISOString().slice(0, 10))));
    const downloads = row?.n ?? 0;
    // Approved numbers that were current when the ad aired (a submission describes the 90 days after it).
    const report = manual.find(
      (m) => m.podcast_id === ad.podcast_id && m.created_at.getTime() <= Date.now() && from.getTime() - m.created_at.getTime() < MANUAL_VALID_MS,
    );
    const selfReported = !measuredShows.has(ad.podcast_id) && downloads === 0 && report !== undefined;
    const values = {
      package_id: ad.package_id,
      package_job_id: ad.job_id,
      episode_id: ad.episode_id,
      avg: selfReported ? report!.listens : downloads,
      manual_stats_id: selfReported ? report!.id : null,
      is_self_reported: selfReported,
    };
    await db
      .insert(listenerStats)
      .values(values)
      .onConflictDoUpdate({ target: listenerStats.package_job_id, set: { ...values, updated_at: new Date() } });
  }
  return aired.length;
}
