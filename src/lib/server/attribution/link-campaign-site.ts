/**
 * A campaign is attributed to at most one site: the one picked on the campaign wizard's attribution tab
 * or added from /settings/attribution/{id}/edit/campaigns. The link lives in attribution_site_campaigns
 * (and campaigns.site_id); each site's campaigns_count, ads_count (hired ads) and ads_spend are recounted.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { attributionSiteCampaigns, attributionSites, campaigns, hirings } from '../db/schema';

/** Attributes the campaign to the site (or to none), replacing any other link, and recounts the sites touched. */
export async function linkCampaignSite(tx: Tx, campaignId: number, siteId: number | null): Promise<void> {
  const before = await tx
    .select({ site_id: attributionSiteCampaigns.site_id })
    .from(attributionSiteCampaigns)
    .where(eq(attributionSiteCampaigns.campaign_id, campaignId));
  await tx.delete(attributionSiteCampaigns).where(eq(attributionSiteCampaigns.campaign_id, campaignId));
  if (siteId !== null) await tx.insert(attributionSiteCampaigns).values({ site_id: siteId, campaign_id: campaignId }).onConflictDoNothing();
  await tx.update(campaigns).set({ site_id: siteId }).where(eq(campaigns.id, campaignId));
  await recountSites(tx, [...before.map((b) => b.site_id), ...(siteId !== null ? [siteId] : [])]);
}

/** Recomputes campaigns_count, ads_count (jobs hired in its campaigns) and ads_spend (their spend, in cents) of the sites. */
export async function recountSites(tx: Tx, siteIds: number[]): Promise<void> {
  for (const siteId of [...new Set(siteIds)]) {
    const linked = await tx
      .select({ id: attributionSiteCampaigns.campaign_id })
      .from(attributionSiteCampaigns)
      .where(eq(attributionSiteCampaigns.site_id, siteId));
    const ids = linked.map((l) => l.id);
    let ads = 0;
    let spend = 0;
    if (ids.length) {
      const [h] = await tx
        .select({ n: sql<string>`coalesce(sum(jsonb_array_length(${hirings.job_ids})), 0)` })
        .from(hirings)
        .where(inArray(hirings.campaign_id, ids));
      const [s] = await tx
        .select({ n: sql<string>`coalesce(sum(${campaigns.spent_amount}), 0)` })
        .from(campaigns)
        .where(inArray(campaigns.id, ids));
      ads = Number(h?.n ?? 0);
      spend = Number(s?.n ?? 0);
    }
    await tx.update(attributionSites).set({ campaigns_count: ids.length, ads_count: ads, ads_spend: spend }).where(eq(attributionSites.id, siteId));
  }
}
