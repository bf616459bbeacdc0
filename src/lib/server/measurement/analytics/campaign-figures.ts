/**
 * THE campaign figures (core §3 campaign: listens, spent, cpm, visitors, hits), computed, never typed.
 * Every screen and API that shows one of them reads it from here, so a number means one thing:
 *
 * - listens: the listens of the campaign's aired ads, kept in two parts. `listens_measured` are the
 *   downloads (IAB counter, download_days) of each aired ad's episode from the day it aired;
 *   `listens_self_reported` are the admin-approved manual stats standing in for a show without
 *   analytics (listener_stats.is_self_reported). `listens` is their sum (kept for compatibility).
 * - spent: what the campaign's hires and automated lines cost, less refunds (payments' campaignSpentSql).
 * - committed: the part of spent paid for hired ads that have not aired yet (held until they do).
 * - cpm: money of aired ads ÷ their measured listens × 1,000, in cents: hired ads that aired with
 *   measured listens (what was paid for them, less refunds) and automated lines (their billed spend
 *   over their billed impressions, each a counted download). Self-reported listens and money held
 *   for ads not aired yet are never part of it.
 * - visitors: attributed visitors, unique per day; hits: attributed events.
 *
 * Each figure is one SQL expression over a campaign id, so a list reads every campaign's figures in
 * the statement that reads the campaigns, and a test can call campaignsFigures() for the truth.
 */
import { inArray, sql, type SQL } from 'drizzle-orm';
import {
  getDb,
  qualified as q,
  adDeliveries,
  adLines,
  campaigns,
  downloadDays,
  episodes,
  jobFunds,
  listenerStats,
  packageJobs,
  packages,
  siteVisits,
  transactions,
  visitMatches,
} from '../../db';
import { campaignSpentSql } from '../../payments';
import { figuresOf, type CampaignFigures, type MeasuredFigures } from '../../../campaign-figures';

export { campaignCpm, cpmOf, figuresOf, type CampaignFigures, type MeasuredFigures } from '../../../campaign-figures';

/**
 * The campaign's aired ads, one row per aired job, as a derived table: `job_id`, `podcast_id`,
 * `episode_id`, `aired_day` (YYYY-MM-DD, or null: counted from the start), `self_reported`, and its
 * listens `measured` (downloads of the episode from the aired day; 0 for a self-reported ad) and
 * `self_reported_listens`. The one rule of listens: the figures, the hired podcasts' table and the
 * charts all read it.
 */
export function airedAdsSql(campaignId: SQL): SQL {
  return sql`(
    select a.job_id, a.podcast_id, a.episode_id, a.aired_day, a.self_reported,
      case when a.self_reported then 0 else coalesce((
        select sum(dd.downloads) from ${downloadDays} dd
        where dd.episode_id = a.episode_id and (a.aired_day is null or dd.day >= a.aired_day::date)
      ), 0) end::int as measured,
      a.self_reported_listens
    from (
      select aj.id as job_id, ap.podcast_id, aj.aired_episode_id as episode_id,
        to_char(coalesce(aj.aired_at, ae.published_at) at time zone 'UTC', 'YYYY-MM-DD') as aired_day,
        coalesce(als.is_self_reported, false) as self_reported,
        case when als.is_self_reported then als.avg else 0 end as self_reported_listens
      from ${packageJobs} aj
        inner join ${packages} ap on ap.id = aj.package_id
        left join ${episodes} ae on ae.id = aj.aired_episode_id
        left join ${listenerStats} als on als.package_job_id = aj.id
      where ap.campaign_id = ${campaignId} and aj.aired_episode_id is not null
    ) a
  )`;
}

/**
 * What was paid for each of the campaign's funded jobs, less its refund, with whether its ad aired:
 * `job_id`, `net`, `aired`.
 */
function jobMoneySql(campaignId: SQL): SQL {
  return sql`(
    select mf.job_id, (mf.paid - coalesce((
        select sum(mt.fee) from ${transactions} mt where mt.kind = 'refund' and mt.job_id = mf.job_id
      ), 0))::bigint as net,
      mj.aired_episode_id is not null as aired
    from ${jobFunds} mf inner join ${packageJobs} mj on mj.id = mf.job_id
    where mf.campaign_id = ${campaignId}
  )`;
}

/** The campaign's figures (before the CPM and the listens total are derived), as one JSON expression. */
export function campaignFiguresSql(campaignId: SQL): SQL<MeasuredFigures> {
  return sql<MeasuredFigures>`(
    select json_build_object(
      'listens_measured', coalesce(sum(ads.measured), 0),
      'listens_self_reported', coalesce(sum(ads.self_reported_listens), 0),
      'aired_listens', coalesce(sum(ads.measured) filter (where not ads.self_reported), 0) + (
        select count(*) from ${adDeliveries} fd inner join ${adLines} fl on fl.id = fd.line_id
        where fl.campaign_id = ${campaignId} and fd.impression_at is not null and fd.billed
      ),
      'aired_spent', coalesce((
        select sum(m.net) from ${jobMoneySql(campaignId)} m
        where m.aired and m.job_id in (select x.job_id from ${airedAdsSql(campaignId)} x where not x.self_reported)
      ), 0) + coalesce((
        select sum(ft.fee) from ${transactions} ft where ft.kind = 'ad_spend' and ft.campaign_id = ${campaignId}
      ), 0),
      'committed', coalesce((select sum(m.net) from ${jobMoneySql(campaignId)} m where not m.aired), 0),
      'visitors', (
        select coalesce(sum(daily.n), 0)::int from (
          select count(distinct ${q(siteVisits.visitor_hash)}) as n
          from ${visitMatches} inner join ${siteVisits} on ${q(siteVisits.id)} = ${q(visitMatches.visit_id)}
          where ${q(visitMatches.campaign_id)} = ${campaignId}
          group by ${q(visitMatches.day)}
        ) daily
      ),
      'hits', (select count(*)::int from ${visitMatches} where ${q(visitMatches.campaign_id)} = ${campaignId}),
      'spent', ${campaignSpentSql(campaignId)}
    )
    from ${airedAdsSql(campaignId)} ads
  )`;
}

/** The figures of each campaign asked for, in one statement whatever the number of campaigns. */
export async function campaignsFigures(campaignIds: number[]): Promise<Map<number, CampaignFigures>> {
  const ids = [...new Set(campaignIds)];
  const out = new Map<number, CampaignFigures>(ids.map((id) => [id, figuresOf(null)]));
  if (!ids.length) return out;
  const db = await getDb();
  const rows = await db
    .select({ id: campaigns.id, figures: campaignFiguresSql(q(campaigns.id)) })
    .from(campaigns)
    .where(inArray(campaigns.id, ids));
  for (const r of rows) out.set(r.id, figuresOf(r.figures));
  return out;
}

/** One campaign's figures. */
export async function campaignFigures(campaignId: number): Promise<CampaignFigures> {
  return (await campaignsFigures([campaignId])).get(campaignId)!;
}
