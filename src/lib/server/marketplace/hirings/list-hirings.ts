/** The brand's hirings: pending ones on /hirings/overview, all of them on /settings/hires. */
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { getDb, ads, campaignAds, campaigns, discussions, hirings, packageJobs, podcasts } from '../../db';
import type { HiringPayload } from '../../../campaign-types';
import { proposalTotal } from '../../../proposal-total';
import type { HiringRow } from './hiring-status';

/** The hiring payload's jobs, as the statement below builds them (and the fields the total needs). */
type JobJson = HiringPayload['jobs'][number] & { is_episode: boolean; declined_at: string | null };

/**
 * Hirings with everything their payload shows, in one statement: the campaign and podcast, the
 * package's workroom, and the hired jobs (with their ads' titles) as JSON.
 */
async function readDetailed(where: SQL | undefined, limit: number) {
  const db = await getDb();
  return db
    .select({
      h: hirings,
      campaign_title: campaigns.title,
      podcast_title: podcasts.title,
      podcast_avatar_url: podcasts.avatar_url,
      room_id: sql<number | null>`(select min(d.id) from ${discussions} d where d.package_id = ${hirings.package_id} and d.type = 'package')`,
      jobs: sql<JobJson[]>`(select coalesce(json_agg(json_build_object(
          'id', j.id, 'description', j.description, 'fee', j.fee, 'ad_title', a.title, 'episodes', j.episodes, 'delivery_date', j.delivery_date,
          'status', j.status, 'is_funded', j.is_funded, 'is_episode', j.is_episode, 'declined_at', j.declined_at) order by j.id), '[]')
        from ${packageJobs} j
          left join ${campaignAds} ca on ca.id = j.campaign_ad_id
          left join ${ads} a on a.id = ca.ad_id
        where j.id in (select (jsonb_array_elements_text(${hirings.job_ids}))::int))`,
    })
    .from(hirings)
    .leftJoin(campaigns, eq(campaigns.id, hirings.campaign_id))
    .leftJoin(podcasts, eq(podcasts.id, hirings.podcast_id))
    .where(where)
    .orderBy(desc(hirings.created_at), desc(hirings.id))
    .limit(limit);
}

type Detailed = Awaited<ReturnType<typeof readDetailed>>[number];

function payload(h: HiringRow, d: Detailed | undefined): HiringPayload {
  const jobs = (d?.jobs ?? []).map((j) => ({ ...j, fee: Number(j.fee) }));
  return {
    id: h.id,
    campaign_id: h.campaign_id,
    campaign_title: d?.campaign_title ?? '',
    brand_user_id: h.brand_user_id,
    podcast_id: h.podcast_id,
    podcast_title: d?.podcast_title ?? '',
    podcast_avatar_url: d?.podcast_avatar_url ?? null,
    podcaster_user_id: h.podcaster_user_id,
    package_id: h.package_id,
    workroom_link: d?.room_id != null ? `/workrooms/package/${d.room_id}` : '/workrooms',
    total_price: proposalTotal(jobs),
    job_ids: h.job_ids,
    jobs: jobs.map((j) => ({
      id: j.id,
      description: j.description,
      fee: j.fee,
      ad_title: j.ad_title ?? null,
      episodes: j.episodes,
      delivery_date: j.delivery_date,
      status: j.status,
      is_funded: j.is_funded,
    })),
    status: h.status,
    created_at: h.created_at.toISOString(),
  };
}

/** Serializes hirings (rows a write has just made or changed) with their campaign, podcast and jobs. */
export async function serializeHirings(rows: HiringRow[]): Promise<HiringPayload[]> {
  if (rows.length === 0) return [];
  const detailed = await readDetailed(
    inArray(
      hirings.id,
      rows.map((r) => r.id),
    ),
    rows.length,
  );
  return rows.map((h) =>
    payload(
      h,
      detailed.find((d) => d.h.id === h.id),
    ),
  );
}

/** The brand's hirings, newest first; only those in a status when given (one statement). */
export async function listHirings(brandUserId: number, status?: HiringRow['status']): Promise<HiringPayload[]> {
  const where: SQL | undefined = and(eq(hirings.brand_user_id, brandUserId), status ? eq(hirings.status, status) : undefined);
  return (await readDetailed(where, 200)).map((d) => payload(d.h, d));
}
