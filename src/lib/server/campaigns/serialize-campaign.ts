/** The campaign payload of §3: the row with its categories, ads, job counts and spend. */
import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import { getDb } from '../db/client';
import { ads, campaignAds, campaignCategories, campaigns, categories, packageJobs, packages } from '../db/schema';
import type { CampaignPayload, CampaignStage } from '../../campaign-types';
import type { CampaignRow } from './find-campaign';

/** Where a campaign stands for its brand: draft, waiting for approval, rejected, or its §4 status. */
export function campaignStage(row: Pick<CampaignRow, 'submitted_at' | 'is_approved' | 'rejection_reason' | 'status'>): CampaignStage {
  if (!row.submitted_at) return 'draft';
  if (!row.is_approved) return row.rejection_reason ? 'rejected' : 'awaiting-approval';
  return row.status;
}

/** The day a campaign expires: its delivery date plus expired_days. */
export function expiresAt(row: Pick<CampaignRow, 'delivery_date' | 'expired_days'>): string | null {
  if (!row.delivery_date) return null;
  const d = new Date(`${row.delivery_date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + row.expired_days);
  return d.toISOString().slice(0, 10);
}

/** Serializes campaign rows (one query per relation, whatever the number of rows). */
export async function serializeCampaigns(rows: CampaignRow[]): Promise<CampaignPayload[]> {
  if (rows.length === 0) return [];
  const db = await getDb();
  const ids = rows.map((r) => r.id);
  const [cats, adRows, jobCounts, proposalCounts] = await Promise.all([
    db
      .select({ campaign_id: campaignCategories.campaign_id, id: categories.id, title: categories.title })
      .from(campaignCategories)
      .innerJoin(categories, eq(categories.id, campaignCategories.category_id))
      .where(inArray(campaignCategories.campaign_id, ids))
      .orderBy(asc(categories.title)),
    db
      .select({
        campaign_id: campaignAds.campaign_id,
        id: campaignAds.id,
        ad_id: ads.id,
        type: ads.type,
        title: ads.title,
        description: campaignAds.description,
      })
      .from(campaignAds)
      .innerJoin(ads, eq(ads.id, campaignAds.ad_id))
      .where(inArray(campaignAds.campaign_id, ids))
      .orderBy(asc(ads.sort)),
    db
      .select({ campaign_id: packages.campaign_id, status: packageJobs.status, n: count() })
      .from(packageJobs)
      .innerJoin(packages, eq(packages.id, packageJobs.package_id))
      .where(inArray(packages.campaign_id, ids))
      .groupBy(packages.campaign_id, packageJobs.status),
    db
      .select({ campaign_id: packages.campaign_id, n: count() })
      .from(packages)
      .where(and(inArray(packages.campaign_id, ids), eq(packages.status, 'pending'), eq(packages.starred, false), isNull(packages.extended_status)))
      .groupBy(packages.campaign_id),
  ]);
  return rows.map((r) => {
    const jobs = (status: string) => Number(jobCounts.find((c) => c.campaign_id === r.id && c.status === status)?.n ?? 0);
    const spent = r.spent_amount;
    return {
      id: r.id,
      brand_user_id: r.brand_user_id,
      title: r.title,
      description: r.description,
      budget: r.budget,
      duration: r.duration,
      delivery_date: r.delivery_date,
      status: r.status,
      stage: campaignStage(r),
      url: r.url,
      is_approved: r.is_approved,
      is_draft: r.submitted_at === null,
      submitted_at: r.submitted_at?.toISOString() ?? null,
      rejection_reason: r.rejection_reason,
      expired_days: r.expired_days,
      expires_at: expiresAt(r),
      site_id: r.site_id,
      categories: cats.filter((c) => c.campaign_id === r.id).map(({ id, title }) => ({ id, title })),
      ads: adRows.filter((a) => a.campaign_id === r.id).map(({ id, ad_id, type, title, description }) => ({ id, ad_id, type, title, description })),
      counts: { pending: jobs('pending'), in_progress: jobs('in-progress'), complete: jobs('completed'), in_review: jobs('in-review') },
      new_proposals: Number(proposalCounts.find((c) => c.campaign_id === r.id)?.n ?? 0),
      spent_amount: spent,
      spent,
      visitors: r.visitors,
      listens: r.listens,
      hits: r.hits,
      // Cost per thousand listens, in cents.
      cpm: r.listens > 0 ? Math.round((spent / r.listens) * 1000) : 0,
      created_at: r.created_at.toISOString(),
      updated_at: r.updated_at.toISOString(),
    };
  });
}

/** Serializes one campaign. */
export async function serializeCampaign(row: CampaignRow): Promise<CampaignPayload> {
  return (await serializeCampaigns([row]))[0]!;
}

/** Reloads a campaign by id and serializes it. */
export async function loadCampaignPayload(id: number): Promise<CampaignPayload> {
  const db = await getDb();
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  return serializeCampaign(row!);
}
