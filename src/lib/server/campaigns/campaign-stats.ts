/**
 * /campaign/{id}/stats: a campaign's numbers from what the marketplace records: the hired jobs per
 * podcast (fees, status), the spend, and the listens, visitors and hits recorded for the campaign.
 */
import { sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { attributionSites, hirings, listenerStats, packageJobs, podcasts } from '../db/schema';
import type { CampaignRow } from './find-campaign';
import { proposalTotal } from '../../proposal-total';

export interface StatsRow {
  podcast_id: number;
  podcast_title: string;
  podcast_hash_id: string;
  hired_at: string;
  jobs: number;
  completed: number;
  in_progress: number;
  fees: number;
  listens: number;
}

export interface CampaignStats {
  hires: number;
  jobs: number;
  completed: number;
  committed: number;
  listens: number;
  rows: StatsRow[];
  site: { id: number; domain: string } | null;
}

interface HireRead {
  podcast_id: number;
  package_id: number;
  created_at: string;
  title: string;
  hash_id: string;
  jobs: Array<{ id: number; status: string; fee: number; is_episode: boolean; episodes: number; declined_at: string | null }>;
  listens: number;
}

/**
 * The campaign's hires, grouped by podcast, with their jobs and listener averages, read in one
 * statement with the campaign's attribution site.
 */
export async function campaignStats(campaign: CampaignRow): Promise<CampaignStats> {
  const db = await getDb();
  const { rows } = (await db.execute(sql`
    select
      (select coalesce(json_agg(h order by h.id), '[]') from (
        select hr.id, hr.podcast_id, hr.package_id, hr.created_at, pc.title, pc.hash_id,
          (select coalesce(json_agg(json_build_object(
              'id', j.id, 'status', j.status, 'fee', j.fee, 'is_episode', j.is_episode, 'episodes', j.episodes, 'declined_at', j.declined_at)), '[]')
            from ${packageJobs} j
            where j.id in (select (jsonb_array_elements_text(hr.job_ids))::int)) as jobs,
          (select coalesce(sum(ls.avg), 0) from ${listenerStats} ls where ls.package_id = hr.package_id) as listens
        from ${hirings} hr inner join ${podcasts} pc on pc.id = hr.podcast_id
        where hr.campaign_id = ${campaign.id}) h) as hires,
      (select json_build_object('id', s.id, 'domain', s.domain) from ${attributionSites} s
        where s.id = ${campaign.site_id} and s.user_id = ${campaign.brand_user_id}) as site`)) as unknown as {
    rows: { hires: HireRead[]; site: { id: number; domain: string } | null }[];
  };
  const { hires, site } = rows[0]!;
  const byPodcast = new Map<number, StatsRow>();
  for (const hiring of hires) {
    const mine = hiring.jobs.map((j) => ({ ...j, fee: Number(j.fee) }));
    const row = byPodcast.get(hiring.podcast_id) ?? {
      podcast_id: hiring.podcast_id,
      podcast_title: hiring.title,
      podcast_hash_id: hiring.hash_id,
      hired_at: new Date(hiring.created_at).toISOString(),
      jobs: 0,
      completed: 0,
      in_progress: 0,
      fees: 0,
      listens: 0,
    };
    row.jobs += mine.length;
    row.completed += mine.filter((j) => j.status === 'completed').length;
    row.in_progress += mine.filter((j) => j.status === 'in-progress' || j.status === 'in-review').length;
    row.fees += proposalTotal(mine);
    row.listens += Number(hiring.listens);
    byPodcast.set(hiring.podcast_id, row);
  }
  const statsRows = [...byPodcast.values()].sort((a, b) => b.fees - a.fees);
  return {
    hires: hires.length,
    jobs: statsRows.reduce((s, r) => s + r.jobs, 0),
    completed: statsRows.reduce((s, r) => s + r.completed, 0),
    committed: statsRows.reduce((s, r) => s + r.fees, 0),
    listens: statsRows.reduce((s, r) => s + r.listens, 0),
    rows: statsRows,
    site,
  };
}
