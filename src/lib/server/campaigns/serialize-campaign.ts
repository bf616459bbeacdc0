/** The campaign payload of §3: the row with its categories, ads, job counts and measured figures. */
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { getDb, qualified, ads, campaignAds, campaignCategories, campaigns, categories, packages } from '../db';
import type { CampaignAdPayload, CampaignPayload, CampaignStage } from '../../campaign-types';
import type { CampaignRow } from './find-campaign';
import { figuresOf, type MeasuredFigures } from '../../campaign-figures';
import { campaignMeasures } from './campaign-measures';
import { jobCountsOf, jobCountsSql } from './job-counts';

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

/** What campaignRelationsSql() evaluates to for one campaign. */
export interface CampaignRelations {
  categories: { id: number; title: string }[];
  ads: CampaignAdPayload[];
  jobs: Record<string, number> | null;
  new_proposals: number;
  /** Listens, visitors, hits, spend and CPM's parts (measurement's analytics/campaign-figures.ts: the one definition). */
  figures: MeasuredFigures | null;
}

/**
 * The campaign's categories, ads, job counts by status and new proposals (pending, not starred, not
 * extended) as one JSON expression over the `campaigns` row of the enclosing query, so a list reads
 * what it shows in one statement.
 */
export function campaignRelationsSql(): SQL<CampaignRelations> {
  const q = qualified;
  return sql<CampaignRelations>`json_build_object(
    'categories', (
      select coalesce(json_agg(json_build_object('id', ${q(categories.id)}, 'title', ${q(categories.title)}) order by ${q(categories.title)}), '[]')
      from ${campaignCategories} inner join ${categories} on ${q(categories.id)} = ${q(campaignCategories.category_id)}
      where ${q(campaignCategories.campaign_id)} = ${q(campaigns.id)}
    ),
    'ads', (
      select coalesce(json_agg(json_build_object('id', ${q(campaignAds.id)}, 'ad_id', ${q(ads.id)}, 'type', ${q(ads.type)}, 'title', ${q(ads.title)}, 'description', ${q(campaignAds.description)}) order by ${q(ads.sort)}), '[]')
      from ${campaignAds} inner join ${ads} on ${q(ads.id)} = ${q(campaignAds.ad_id)}
      where ${q(campaignAds.campaign_id)} = ${q(campaigns.id)}
    ),
    'jobs', ${jobCountsSql(q(campaigns.id))},
    'new_proposals', (
      select count(*) from ${packages}
      where ${q(packages.campaign_id)} = ${q(campaigns.id)} and ${q(packages.status)} = 'pending' and ${q(packages.starred)} = false and ${q(packages.extended_status)} is null
    ),
    'figures', ${campaignMeasures().figuresSql(q(campaigns.id))}
  )`;
}

/** The §3 payload of a campaign row and its relations. */
export function campaignPayload(r: CampaignRow, relations: CampaignRelations): CampaignPayload {
  // Listens, spend, CPM, visitors and hits are measured, never typed; parent items never count as jobs.
  const figures = figuresOf(relations.figures);
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
    categories: relations.categories,
    ads: relations.ads,
    counts: jobCountsOf(relations.jobs),
    new_proposals: Number(relations.new_proposals ?? 0),
    spent_amount: figures.spent,
    spent: figures.spent,
    visitors: figures.visitors,
    listens: figures.listens,
    listens_measured: figures.listens_measured,
    listens_self_reported: figures.listens_self_reported,
    committed: figures.committed,
    hits: figures.hits,
    cpm: figures.cpm,
    aired_spent: figures.aired_spent,
    aired_listens: figures.aired_listens,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

/** Serializes campaign rows (one statement, whatever the number of rows). */
export async function serializeCampaigns(rows: CampaignRow[]): Promise<CampaignPayload[]> {
  if (rows.length === 0) return [];
  const db = await getDb();
  const found = await db
    .select({ id: campaigns.id, relations: campaignRelationsSql() })
    .from(campaigns)
    .where(
      inArray(
        campaigns.id,
        rows.map((r) => r.id),
      ),
    );
  const byId = new Map(found.map((f) => [f.id, f.relations]));
  return rows.map((r) => campaignPayload(r, byId.get(r.id) ?? { categories: [], ads: [], jobs: null, new_proposals: 0, figures: null }));
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
