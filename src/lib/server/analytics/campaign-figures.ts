/**
 * A campaign's figures (core §3 campaign: listens, spent, cpm, visitors, hits), computed, never typed:
 * listens are the listener stats of its aired ads; spent comes from what the campaign paid (the payments
 * ledger); cpm is spent ÷ listens × 1000 (cents); visitors are the visitors attributed to it (unique per
 * day) and hits the events attributed to it. One SQL expression holds the rule, so a list reads every
 * campaign's figures in the statement that reads the campaigns.
 */
import { inArray, sql, type SQL } from 'drizzle-orm';
import { getDb } from '../db/client';
import { qualified as q } from '../db/qualified';
import { campaigns, listenerStats, packages, siteVisits, visitMatches } from '../db/schema';
import { campaignSpentSql } from '../payments';

export interface CampaignFigures {
  listens: number;
  spent: number;
  cpm: number;
  visitors: number;
  hits: number;
}

/** What campaignFiguresSql() evaluates to: the measured figures before the CPM is derived. */
export type MeasuredFigures = Omit<CampaignFigures, 'cpm'>;

/** Cost per thousand listens, in cents (0 until there are listens). */
export const cpmOf = (spent: number, listens: number) => (listens > 0 ? Math.round((spent / listens) * 1000) : 0);

/** The measured figures of the campaign whose id is `campaignId`, as one JSON expression. */
export function campaignFiguresSql(campaignId: SQL): SQL<MeasuredFigures> {
  return sql<MeasuredFigures>`json_build_object(
    'listens', (
      select coalesce(sum(${q(listenerStats.avg)}), 0)::int
      from ${listenerStats} inner join ${packages} on ${q(packages.id)} = ${q(listenerStats.package_id)}
      where ${q(packages.campaign_id)} = ${campaignId}
    ),
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
  )`;
}

/** The figures with the CPM derived from them (numbers, whatever JSON made of the bigints). */
export function figuresOf(measured: MeasuredFigures | null | undefined): CampaignFigures {
  const listens = Number(measured?.listens ?? 0);
  const spent = Number(measured?.spent ?? 0);
  return { listens, spent, cpm: cpmOf(spent, listens), visitors: Number(measured?.visitors ?? 0), hits: Number(measured?.hits ?? 0) };
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
