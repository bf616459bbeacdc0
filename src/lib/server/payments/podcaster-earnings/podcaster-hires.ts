/**
 * A podcaster's hires as the "hired" figure counts them (proposal-total.ts' hired()): each hire with
 * its podcast, proposal, status and the jobs it hired. One SQL expression, so the dashboard reads it
 * in the statement that reads its proposals.
 */
import { sql, type SQL } from 'drizzle-orm';
import { getDb, hirings, packageJobs } from '../../db';
import { hired, type PricedJob } from '../../../proposal-total';

export interface PodcasterHire {
  id: number;
  podcast_id: number;
  package_id: number;
  status: string;
  jobs: PricedJob[];
}

/** The podcaster's hires as one JSON array expression. */
export function podcasterHiresSql(podcasterUserId: number): SQL<PodcasterHire[]> {
  return sql<PodcasterHire[]>`(
    select coalesce(json_agg(json_build_object('id', ph.id, 'podcast_id', ph.podcast_id, 'package_id', ph.package_id, 'status', ph.status,
      'jobs', (select coalesce(json_agg(json_build_object('id', pj.id, 'fee', pj.fee, 'episodes', pj.episodes, 'is_episode', pj.is_episode,
        'parent_id', pj.parent_id, 'declined_at', pj.declined_at)), '[]')
        from ${packageJobs} pj where pj.id in (select (jsonb_array_elements_text(ph.job_ids))::int))) order by ph.id), '[]')
    from ${hirings} ph where ph.podcaster_user_id = ${podcasterUserId}
  )`;
}

/** The hires as read, with numbers as numbers. */
export function podcasterHiresOf(rows: PodcasterHire[] | null | undefined): PodcasterHire[] {
  return (rows ?? []).map((h) => ({ ...h, jobs: h.jobs.map((j) => ({ ...j, fee: Number(j.fee) })) }));
}

/** The podcaster's hires (one statement). */
export async function podcasterHires(podcasterUserId: number): Promise<PodcasterHire[]> {
  const db = await getDb();
  const { rows } = await db.execute<{ hires: PodcasterHire[] }>(sql`select ${podcasterHiresSql(podcasterUserId)} as hires`);
  return podcasterHiresOf(rows[0]?.hires);
}

/** What the podcaster was hired for: on one podcast, or for one proposal (count of hires and their worth). */
export function hiredFor(hires: PodcasterHire[], where: { podcastId?: number; packageId?: number }): { count: number; total: number } {
  return hired(
    hires.filter(
      (h) => (where.podcastId === undefined || h.podcast_id === where.podcastId) && (where.packageId === undefined || h.package_id === where.packageId),
    ),
  );
}
