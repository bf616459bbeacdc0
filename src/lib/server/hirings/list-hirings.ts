/** The brand's hirings: pending ones on /hirings/overview, all of them on /settings/hires. */
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { getDb } from '../db/client';
import { ads, campaignAds, campaigns, discussions, hirings, packageJobs, podcasts } from '../db/schema';
import type { HiringPayload } from '../../campaign-types';
import { proposalTotal } from '../../proposal-total';
import type { HiringRow } from './hiring-status';

/** Serializes hirings with their campaign, podcast and jobs. */
export async function serializeHirings(rows: HiringRow[]): Promise<HiringPayload[]> {
  if (rows.length === 0) return [];
  const db = await getDb();
  const jobIds = [...new Set(rows.flatMap((r) => r.job_ids))];
  const [camps, pods, jobs, rooms] = await Promise.all([
    db
      .select({ id: campaigns.id, title: campaigns.title })
      .from(campaigns)
      .where(inArray(campaigns.id, [...new Set(rows.map((r) => r.campaign_id))])),
    db
      .select({ id: podcasts.id, title: podcasts.title, avatar_url: podcasts.avatar_url })
      .from(podcasts)
      .where(inArray(podcasts.id, [...new Set(rows.map((r) => r.podcast_id))])),
    jobIds.length
      ? db
          .select({ job: packageJobs, ad_title: ads.title })
          .from(packageJobs)
          .leftJoin(campaignAds, eq(campaignAds.id, packageJobs.campaign_ad_id))
          .leftJoin(ads, eq(ads.id, campaignAds.ad_id))
          .where(inArray(packageJobs.id, jobIds))
      : Promise.resolve([]),
    db
      .select({ id: discussions.id, package_id: discussions.package_id })
      .from(discussions)
      .where(and(inArray(discussions.package_id, [...new Set(rows.map((r) => r.package_id))]), eq(discussions.type, 'package'))),
  ]);
  const roomOf = new Map(rooms.map((r) => [r.package_id, r.id]));
  return rows.map((h) => {
    const pod = pods.find((p) => p.id === h.podcast_id);
    return {
      id: h.id,
      campaign_id: h.campaign_id,
      campaign_title: camps.find((c) => c.id === h.campaign_id)?.title ?? '',
      brand_user_id: h.brand_user_id,
      podcast_id: h.podcast_id,
      podcast_title: pod?.title ?? '',
      podcast_avatar_url: pod?.avatar_url ?? null,
      podcaster_user_id: h.podcaster_user_id,
      package_id: h.package_id,
      workroom_link: roomOf.has(h.package_id) ? `/workrooms/package/${roomOf.get(h.package_id)}` : '/workrooms',
      total_price: proposalTotal(jobs.filter((j) => h.job_ids.includes(j.job.id)).map((j) => j.job)),
      job_ids: h.job_ids,
      jobs: jobs
        .filter((j) => h.job_ids.includes(j.job.id))
        .map(({ job, ad_title }) => ({
          id: job.id,
          description: job.description,
          fee: job.fee,
          ad_title: ad_title ?? null,
          episodes: job.episodes,
          delivery_date: job.delivery_date,
          status: job.status,
          is_funded: job.is_funded,
        })),
      status: h.status,
      created_at: h.created_at.toISOString(),
    };
  });
}

/** The brand's hirings, newest first; only those in a status when given. */
export async function listHirings(brandUserId: number, status?: HiringRow['status']): Promise<HiringPayload[]> {
  const db = await getDb();
  const where: SQL | undefined = and(eq(hirings.brand_user_id, brandUserId), status ? eq(hirings.status, status) : undefined);
  const rows = await db.select().from(hirings).where(where).orderBy(desc(hirings.created_at), desc(hirings.id)).limit(200);
  return serializeHirings(rows);
}
