/** The brand's top-bar counts (§3 brand stats), each with the link to where the brand acts on it. */
import { sql, type SQL } from 'drizzle-orm';
import { getDb, campaigns, packageJobs, packages } from '../../db';
import type { BrandStatsPayload } from '../../../types';
import { countsAsJob } from '../../campaigns';

/** A count and the campaigns it spans. */
interface Tally {
  n: number;
  campaigns: number[] | null;
}

/** What brandStatsSql() evaluates to. */
export interface BrandStatsRow {
  proposals: Tally | null;
  jobs: Partial<Record<'in-review' | 'in-progress' | 'completed', Tally>> | null;
}

/**
 * One SQL expression (JSON) with the counts behind the brand stats: new proposals (pending, not
 * starred, not extended) and jobs in review, in progress and completed (counted as job-counts.ts
 * counts them: a multi-episode parent never), each with the campaigns it spans. The shell embeds it in its one query; brandStats() selects it alone.
 */
export function brandStatsSql(brandUserId: number): SQL {
  return sql`json_build_object(
    'proposals', (
      select json_build_object('n', count(*), 'campaigns', array_agg(distinct ${packages.campaign_id}))
      from ${packages} inner join ${campaigns} on ${campaigns.id} = ${packages.campaign_id}
      where ${campaigns.brand_user_id} = ${brandUserId} and ${packages.status} = 'pending'
        and ${packages.starred} = false and ${packages.extended_status} is null
    ),
    'jobs', (
      select json_object_agg(s.status, json_build_object('n', s.n, 'campaigns', s.campaigns))
      from (
        select bj.status, count(*) as n, array_agg(distinct bp.campaign_id) as campaigns
        from ${packageJobs} bj
          inner join ${packages} bp on bp.id = bj.package_id
          inner join ${campaigns} bc on bc.id = bp.campaign_id
        where bc.brand_user_id = ${brandUserId} and bj.status in ('in-review', 'in-progress', 'completed') and ${countsAsJob('bj')}
        group by bj.status
      ) s
    )
  )`;
}

/** The §3 payload from brandStatsSql()'s value. */
export function brandStatsPayload(row: BrandStatsRow | null): BrandStatsPayload {
  const tally = (t: Tally | null | undefined) => ({ n: Number(t?.n ?? 0), campaigns: t?.campaigns ?? [] });
  // One campaign: link straight to its feed tab; several: to the campaign list.
  const link = (t: { campaigns: number[] }, tab: string, fallback: string) => (t.campaigns.length === 1 ? `/campaign/${t.campaigns[0]}/${tab}` : fallback);
  const proposals = tally(row?.proposals);
  const review = tally(row?.jobs?.['in-review']);
  const progress = tally(row?.jobs?.['in-progress']);
  const done = tally(row?.jobs?.completed);
  return {
    new_proposals: { link: link(proposals, 'new', '/campaigns'), proposal_count: proposals.n },
    pending_reviews: { link: link(review, 'in-review', '/workrooms'), job_count: review.n },
    jobs_in_progress: { link: link(progress, 'hired', '/hirings/overview'), job_count: progress.n },
    completed: { link: '/completed-ads', job_count: done.n },
    fetched: true,
  };
}

/** Counts new proposals and jobs by state across the brand's campaigns (one statement). */
export async function brandStats(brandUserId: number): Promise<BrandStatsPayload> {
  const db = await getDb();
  const { rows } = await db.execute<{ stats: BrandStatsRow }>(sql`select ${brandStatsSql(brandUserId)} as stats`);
  return brandStatsPayload(rows[0]?.stats ?? null);
}
