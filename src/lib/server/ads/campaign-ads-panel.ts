/**
 * What the campaign stats page's automated-ads panel shows (issue 19 §4), read in one statement: the
 * campaign's lines with their money and impressions, its impressions per line, show, episode and day,
 * its automated spend, and the approved ads a hosted show's back catalogue can take. Each part is the
 * same SQL as its own read (listAdLines, campaignAdStats, backCatalogueCandidatesQuery), nested as JSON.
 */
import { sql } from 'drizzle-orm';
import { findOwnedCampaign } from '../campaigns';
import { getDb, adLines } from '../db';
import { campaignAdSpendSql } from '../payments';
import { type AdLinePayload, type BackCatalogueCandidate, backCatalogueCandidatesQuery, campaignLinesSql, linesOf } from './ad-lines';
import { type CampaignAdStats, campaignAdStatsOf, type ImpressionRow, impressionRowsOf, impressionRowsQuery } from './impressions';

export interface CampaignAdsPanel {
  lines: AdLinePayload[];
  stats: CampaignAdStats;
  candidates: BackCatalogueCandidate[];
}

/** The panel of the brand's campaign (404 for someone else's). */
export async function campaignAdsPanel(brandUserId: number, campaignId: number): Promise<CampaignAdsPanel> {
  await findOwnedCampaign(brandUserId, campaignId);
  const db = await getDb();
  const impressions = impressionRowsQuery(db, sql`${adLines.campaign_id} = ${campaignId}`);
  const candidates = backCatalogueCandidatesQuery(db, brandUserId, campaignId);
  const { rows } = await db.execute<{
    lines: Parameters<typeof linesOf>[0];
    impressions: Array<Omit<ImpressionRow, 'impressions'> & { impressions: number }>;
    spent: string | number;
    candidates: BackCatalogueCandidate[];
  }>(sql`select
    ${campaignLinesSql(campaignId)} as lines,
    (select coalesce(json_agg(r), '[]') from (${impressions}) r) as impressions,
    ${campaignAdSpendSql(campaignId)} as spent,
    (select coalesce(json_agg(c), '[]') from (${candidates}) c) as candidates`);
  const row = rows[0]!;
  return { lines: linesOf(row.lines), stats: campaignAdStatsOf(impressionRowsOf(row.impressions), row.spent), candidates: row.candidates };
}
