/**
 * THE job counts (the brand's top bar, the campaign cards of /campaigns, a campaign's payload and stats,
 * `/api/brand/stats`): jobs by status, where a job is a single-episode job. A multi-episode item's
 * parent (`is_episode` false) never counts: its episodes do, one each, as they are hired and delivered.
 */
import { inArray, type SQL, sql } from 'drizzle-orm';
import { getDb, qualified, campaigns, packageJobs, packages } from '../db';

/** The statuses the cards count, by the payload's names. */
export interface JobCounts {
  pending: number;
  in_progress: number;
  complete: number;
  in_review: number;
}

/** True for the package_jobs row aliased `alias` when it counts as a job (it is not a multi-episode parent). */
export const countsAsJob = (alias: string): SQL => sql.raw(`(${alias}.is_episode and ${alias}.episodes = 1)`);

/** A campaign's jobs by status, as one JSON expression (`{status: n}`, or null without jobs). */
export function jobCountsSql(campaignId: SQL): SQL<Record<string, number> | null> {
  return sql<Record<string, number> | null>`(
    select json_object_agg(s.status, s.n) from (
      select cj.status, count(*) as n
      from ${packageJobs} cj inner join ${packages} cp on cp.id = cj.package_id
      where cp.campaign_id = ${campaignId} and ${countsAsJob('cj')}
      group by cj.status
    ) s
  )`;
}

/** The card counts from jobCountsSql()'s value. */
export function jobCountsOf(byStatus: Record<string, number | string> | null | undefined): JobCounts {
  const n = (status: string) => Number(byStatus?.[status] ?? 0);
  return { pending: n('pending'), in_progress: n('in-progress'), complete: n('completed'), in_review: n('in-review') };
}

/** The job counts of each campaign asked for, in one statement. */
export async function jobCounts(campaignIds: number[]): Promise<Map<number, JobCounts>> {
  const out = new Map<number, JobCounts>(campaignIds.map((id) => [id, jobCountsOf(null)]));
  if (!campaignIds.length) return out;
  const db = await getDb();
  const rows = await db
    .select({ id: campaigns.id, counts: jobCountsSql(qualified(campaigns.id)) })
    .from(campaigns)
    .where(inArray(campaigns.id, campaignIds));
  for (const r of rows) out.set(r.id, jobCountsOf(r.counts));
  return out;
}
