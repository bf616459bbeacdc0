/**
 * /campaign/{id}/stats: a campaign's hires per podcast (jobs, fees, status) and each podcast's listens,
 * measured and self-reported apart, read with the one rule of listens (analytics' airedAdsSql), so the
 * table's listens add up to the campaign's figures.
 */
import { sql } from 'drizzle-orm';
import { getDb, attributionSites, hirings, packageJobs, podcasts } from '../db';
import type { CampaignRow } from './find-campaign';
import { hired, proposalTotal } from '../../proposal-total';
import { campaignMeasures } from './campaign-measures';

export interface StatsRow {
  podcast_id: number;
  podcast_title: string;
  podcast_hash_id: string;
  hired_at: string;
  jobs: number;
  completed: number;
  in_progress: number;
  fees: number;
  listens_measured: number;
  listens_self_reported: number;
}

export interface CampaignStats {
  hires: number;
  /** Hired jobs (single-episode jobs: a multi-episode item counts through its episodes). */
  jobs: number;
  completed: number;
  /** What the hires that stand are worth (proposal-total.ts' hired()). */
  hired: number;
  rows: StatsRow[];
  site: { id: number; domain: string } | null;
}

interface HireRead {
  podcast_id: number;
  package_id: number;
  status: string;
  created_at: string;
  title: string;
  hash_id: string;
  jobs: Array<{ id: number; status: string; fee: number; is_episode: boolean; episodes: number; declined_at: string | null }>;
}

/**
 * The campaign's hires grouped by podcast with their jobs, the listens of each podcast's aired ads and
 * the campaign's attribution site, read in one statement.
 */
export async function campaignStats(campaign: CampaignRow): Promise<CampaignStats> {
  const db = await getDb();
  const { rows } = (await db.execute(sql`
    select
      (select coalesce(json_agg(h order by h.id), '[]') from (
        select hr.id, hr.podcast_id, hr.package_id, hr.status, hr.created_at, pc.title, pc.hash_id,
          (select coalesce(json_agg(json_build_object(
              'id', j.id, 'status', j.status, 'fee', j.fee, 'is_episode', j.is_episode, 'episodes', j.episodes, 'declined_at', j.declined_at)), '[]')
            from ${packageJobs} j
            where j.id in (select (jsonb_array_elements_text(hr.job_ids))::int)) as jobs
        from ${hirings} hr inner join ${podcasts} pc on pc.id = hr.podcast_id
        where hr.campaign_id = ${campaign.id}) h) as hires,
      (select coalesce(json_agg(l), '[]') from (
        select ads.podcast_id, sum(ads.measured)::int as measured, sum(ads.self_reported_listens)::int as self_reported
        from ${campaignMeasures().airedAdsSql(sql`${campaign.id}`)} ads group by ads.podcast_id) l) as listens,
      (select json_build_object('id', s.id, 'domain', s.domain) from ${attributionSites} s
        where s.id = ${campaign.site_id} and s.user_id = ${campaign.brand_user_id}) as site`)) as unknown as {
    rows: { hires: HireRead[]; listens: Array<{ podcast_id: number; measured: number; self_reported: number }>; site: { id: number; domain: string } | null }[];
  };
  const { hires, listens, site } = rows[0]!;
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
      listens_measured: 0,
      listens_self_reported: 0,
    };
    row.jobs += mine.length;
    row.completed += mine.filter((j) => j.status === 'completed').length;
    row.in_progress += mine.filter((j) => j.status === 'in-progress' || j.status === 'in-review').length;
    if (hiring.status !== 'cancelled') row.fees += proposalTotal(mine);
    byPodcast.set(hiring.podcast_id, row);
  }
  for (const l of listens) {
    const row = byPodcast.get(l.podcast_id);
    if (!row) continue;
    row.listens_measured += Number(l.measured);
    row.listens_self_reported += Number(l.self_reported);
  }
  const statsRows = [...byPodcast.values()].sort((a, b) => b.fees - a.fees);
  return {
    hires: hires.length,
    jobs: statsRows.reduce((s, r) => s + r.jobs, 0),
    completed: statsRows.reduce((s, r) => s + r.completed, 0),
    hired: hired(hires.map((h) => ({ status: h.status, jobs: h.jobs.map((j) => ({ ...j, fee: Number(j.fee) })) }))).total,
    rows: statsRows,
    site,
  };
}
