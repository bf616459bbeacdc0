/**
 * Creating and saving campaigns tab by tab. A campaign that was never submitted is a draft the brand
 * can come back to; the review tab submits it for admin approval once every tab is complete.
 */
import { today } from '../clock';
import { runDealTxStep } from '../domain-events';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { getDb, type Tx, ads, attributionSites, campaignAds, campaignCategories, campaigns, categories } from '../db';
import { fieldError, fieldErrors, validate, type FieldErrors } from '../http';
import type { CampaignPayload, WizardTab } from '../../campaign-types';
import { tabSchema, tabSchemas } from './campaign-input';
import { findOwnedCampaign, type CampaignRow } from './find-campaign';
import { loadCampaignPayload } from './serialize-campaign';

const bodySchema = z.looseObject({ tab: tabSchema.default('details') });

/** Applies one tab's validated fields to the campaign inside the transaction. */
async function applyTab(tx: Tx, brandUserId: number, campaign: CampaignRow, tab: WizardTab, body: Record<string, unknown>): Promise<void> {
  switch (tab) {
    case 'details': {
      const input = validate(tabSchemas.details, body);
      const ids = [...new Set(input.categories)];
      const found = await tx.select({ id: categories.id }).from(categories).where(inArray(categories.id, ids));
      if (found.length !== ids.length) throw fieldError('categories', 'The selected categories are invalid.');
      await tx.update(campaigns).set({ title: input.title, description: input.description, url: input.url }).where(eq(campaigns.id, campaign.id));
      await tx.delete(campaignCategories).where(eq(campaignCategories.campaign_id, campaign.id));
      await tx.insert(campaignCategories).values(ids.map((category_id) => ({ campaign_id: campaign.id, category_id })));
      return;
    }
    case 'ads': {
      const input = validate(tabSchemas.ads, body);
      const wanted = new Map(input.ads.map((a) => [a.ad_id, a.description]));
      const known = await tx
        .select({ id: ads.id })
        .from(ads)
        .where(inArray(ads.id, [...wanted.keys()]));
      if (known.length !== wanted.size) throw fieldError('ads', 'The selected ads are invalid.');
      const existing = await tx.select().from(campaignAds).where(eq(campaignAds.campaign_id, campaign.id));
      // Keep the rows of ads still wanted (package jobs point at them), add the new ones, drop the rest.
      for (const row of existing) {
        if (wanted.has(row.ad_id))
          await tx
            .update(campaignAds)
            .set({ description: wanted.get(row.ad_id)! })
            .where(eq(campaignAds.id, row.id));
        else await tx.delete(campaignAds).where(eq(campaignAds.id, row.id));
      }
      const add = [...wanted].filter(([adId]) => !existing.some((e) => e.ad_id === adId));
      if (add.length) await tx.insert(campaignAds).values(add.map(([ad_id, description]) => ({ campaign_id: campaign.id, ad_id, description })));
      return;
    }
    case 'budget': {
      const input = validate(tabSchemas.budget, body);
      await tx.update(campaigns).set(input).where(eq(campaigns.id, campaign.id));
      return;
    }
    case 'attribution': {
      const input = validate(tabSchemas.attribution, body);
      if (input.site_id !== null) {
        const [site] = await tx
          .select({ id: attributionSites.id })
          .from(attributionSites)
          .where(and(eq(attributionSites.id, input.site_id), eq(attributionSites.user_id, brandUserId)));
        if (!site) throw fieldError('site_id', 'The selected site is invalid.');
      }
      // Measurement (above campaigns) links the site in this transaction.
      await runDealTxStep(tx, 'campaign-site', { campaignId: campaign.id, siteId: input.site_id });
      return;
    }
    case 'review': {
      const input = validate(tabSchemas.review, body);
      if (!input.submit) return;
      await assertComplete(tx, campaign.id);
      if (!campaign.submitted_at || campaign.rejection_reason) {
        await tx.update(campaigns).set({ submitted_at: new Date(), rejection_reason: null, is_approved: false }).where(eq(campaigns.id, campaign.id));
      }
      return;
    }
  }
}

/** Throws the 422 of every missing part, keyed by field, so the review tab can point at each tab. */
async function assertComplete(tx: Tx, campaignId: number): Promise<void> {
  const [row] = await tx.select().from(campaigns).where(eq(campaigns.id, campaignId));
  const cats = await tx.select().from(campaignCategories).where(eq(campaignCategories.campaign_id, campaignId));
  const adRows = await tx.select().from(campaignAds).where(eq(campaignAds.campaign_id, campaignId));
  const errors: FieldErrors = {};
  const need = (field: string, ok: unknown, message: string) => {
    if (!ok) errors[field] = [message];
  };
  need('title', row!.title, 'The title field is required.');
  need('description', row!.description, 'The description field is required.');
  need('url', row!.url, 'The url field is required.');
  need('categories', cats.length, 'Choose at least one category.');
  need('ads', adRows.length, 'Choose at least one ad type.');
  need('budget', row!.budget, 'The budget field is required.');
  need('duration', row!.duration, 'The duration field is required.');
  need('delivery_date', row!.delivery_date, 'The delivery date field is required.');
  if (row!.delivery_date && row!.delivery_date <= today()) errors.delivery_date = ['The delivery date must be after today.'];
  if (Object.keys(errors).length) throw fieldErrors(errors);
}

/** POST /api/campaigns: starts a draft from the first saved tab. */
export async function createCampaign(brandUserId: number, body: Record<string, unknown>): Promise<CampaignPayload> {
  const { tab } = validate(bodySchema, body);
  const db = await getDb();
  const id = await db.transaction(async (tx) => {
    const [row] = await tx.insert(campaigns).values({ brand_user_id: brandUserId }).returning();
    await applyTab(tx, brandUserId, row!, tab, body);
    return row!.id;
  });
  return loadCampaignPayload(id);
}

/** POST /api/campaigns/{id}: saves one tab of the brand's own campaign (and submits it from review). */
export async function saveCampaign(brandUserId: number, campaignId: number, body: Record<string, unknown>): Promise<CampaignPayload> {
  const { tab } = validate(bodySchema, body);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const campaign = await findOwnedCampaign(brandUserId, campaignId, tx);
    await applyTab(tx, brandUserId, campaign, tab, body);
  });
  const payload = await loadCampaignPayload(campaignId);
  return payload;
}

/** Records the attribution site a campaign is linked to (measurement keeps the link and its counts). */
export async function setCampaignSite(tx: Tx, campaignId: number, siteId: number | null): Promise<void> {
  await tx.update(campaigns).set({ site_id: siteId }).where(eq(campaigns.id, campaignId));
}
