/**
 * A campaign is attributed to at most one site: the one picked on the campaign wizard's attribution tab
 * or added from /settings/attribution/{id}/edit/campaigns. The link lives in attribution_site_campaigns
 * (and campaigns.site_id); each site's campaigns_count, ads_count (hired ads) and ads_spend are recounted.
 */
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db';
import { attributionSiteCampaigns, attributionSites } from '../../db';
import { setCampaignSite } from '../../campaigns';
import { siteFiguresSql } from './sites';

/** Attributes the campaign to the site (or to none), replacing any other link, and recounts the sites touched. */
export async function linkCampaignSite(tx: Tx, campaignId: number, siteId: number | null): Promise<void> {
  const before = await tx
    .select({ site_id: attributionSiteCampaigns.site_id })
    .from(attributionSiteCampaigns)
    .where(eq(attributionSiteCampaigns.campaign_id, campaignId));
  await tx.delete(attributionSiteCampaigns).where(eq(attributionSiteCampaigns.campaign_id, campaignId));
  if (siteId !== null) await tx.insert(attributionSiteCampaigns).values({ site_id: siteId, campaign_id: campaignId }).onConflictDoNothing();
  await setCampaignSite(tx, campaignId, siteId);
  await recountSites(tx, [...before.map((b) => b.site_id), ...(siteId !== null ? [siteId] : [])]);
}

/**
 * Writes the sites' stored campaigns_count, ads_count and ads_spend from siteFiguresSql (the one rule:
 * pages and the API read the figures live through it; the columns keep a snapshot of the same).
 */
export async function recountSites(tx: Tx, siteIds: number[]): Promise<void> {
  for (const siteId of [...new Set(siteIds)]) {
    const [row] = await tx
      .select({ figures: siteFiguresSql(sql`${siteId}::int`) })
      .from(attributionSites)
      .where(eq(attributionSites.id, siteId));
    if (!row) continue;
    const f = row.figures;
    await tx
      .update(attributionSites)
      .set({ campaigns_count: Number(f.campaigns_count), ads_count: Number(f.ads_count), ads_spend: Number(f.ads_spend) })
      .where(eq(attributionSites.id, siteId));
  }
}
