/**
 * /campaign/{id}/stats: a campaign's numbers from what the marketplace records: the hired jobs per
 * podcast (fees, status), the spend, and the listens, visitors and hits recorded for the campaign.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
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

/** The campaign's hires, grouped by podcast, with their jobs and listener averages. */
export async function campaignStats(campaign: CampaignRow): Promise<CampaignStats> {
  const db = await getDb();
  const hires = await db
    .select({ hiring: hirings, title: podcasts.title, hash_id: podcasts.hash_id })
    .from(hirings)
    .innerJoin(podcasts, eq(podcasts.id, hirings.podcast_id))
    .where(eq(hirings.campaign_id, campaign.id));
  const jobIds = hires.flatMap((h) => h.hiring.job_ids);
  const jobs = jobIds.length
    ? await db
        .select({
          id: packageJobs.id,
          status: packageJobs.status,
          fee: packageJobs.fee,
          package_id: packageJobs.package_id,
          is_episode: packageJobs.is_episode,
          episodes: packageJobs.episodes,
          declined_at: packageJobs.declined_at,
        })
        .from(packageJobs)
        .where(inArray(packageJobs.id, jobIds))
    : [];
  const packageIds = [...new Set(hires.map((h) => h.hiring.package_id))];
  const listens = packageIds.length
    ? await db
        .select({ package_id: listenerStats.package_id, n: sql<string>`coalesce(sum(${listenerStats.avg}), 0)` })
        .from(listenerStats)
        .where(inArray(listenerStats.package_id, packageIds))
        .groupBy(listenerStats.package_id)
    : [];
  const byPodcast = new Map<number, StatsRow>();
  for (const { hiring, title, hash_id } of hires) {
    const mine = jobs.filter((j) => hiring.job_ids.includes(j.id));
    const row = byPodcast.get(hiring.podcast_id) ?? {
      podcast_id: hiring.podcast_id,
      podcast_title: title,
      podcast_hash_id: hash_id,
      hired_at: hiring.created_at.toISOString(),
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
    row.listens += Number(listens.find((l) => l.package_id === hiring.package_id)?.n ?? 0);
    byPodcast.set(hiring.podcast_id, row);
  }
  const rows = [...byPodcast.values()].sort((a, b) => b.fees - a.fees);
  const [site] = campaign.site_id
    ? await db
        .select({ id: attributionSites.id, domain: attributionSites.domain })
        .from(attributionSites)
        .where(and(eq(attributionSites.id, campaign.site_id), eq(attributionSites.user_id, campaign.brand_user_id)))
    : [];
  return {
    hires: hires.length,
    jobs: rows.reduce((s, r) => s + r.jobs, 0),
    completed: rows.reduce((s, r) => s + r.completed, 0),
    committed: rows.reduce((s, r) => s + r.fees, 0),
    listens: rows.reduce((s, r) => s + r.listens, 0),
    rows,
    site: site ?? null,
  };
}
