/**
 * Automated lines on a campaign (issue 19 §2): a brand adds a spot, a CPM price, a budget (integer
 * cents, charged to a saved card as the line's balance), dates, targeting and a frequency cap per
 * listener per day. The spot is checked and normalised before anything is charged.
 */
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  type Db,
  getDb,
  rowFromJson,
  adDeliveries,
  adLines,
  brands,
  campaigns,
  categories,
  deliverables,
  files,
  hostedPodcasts,
  packageJobs,
  packages,
  podcasts,
  transactions,
} from '../db';
import { now as clockNow } from '../clock';
import { listCategories } from '../podcasts';
import { utcDay } from '../measurement';
import { fieldError, forbidden, notFound, validate } from '../http';
import { AD_LINE_MONEY, fundAdLine } from '../payments';
import { findOwnedCampaign } from '../campaigns';
import { prepareSpot, SpotRefused } from './spots';
import { forgetServableLines } from './servable-lines';

export const AD_DEVICES = ['Phone', 'Tablet', 'Computer', 'Smart speaker', 'Watch', 'TV', 'Car'] as const;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD.');

export const adLineSchema = z
  .object({
    title: z.string().trim().min(1, 'The title field is required.').max(120),
    spot_file_id: z.coerce.number().int().positive('Upload a spot.'),
    cpm: z.coerce.number().int('The CPM is in cents.').min(100, 'The CPM must be at least $1.00.').max(100_000, 'The CPM may be at most $1,000.00.'),
    budget: z.coerce.number().int('The budget is in cents.').min(500, 'The budget must be at least $5.00.').max(100_000_000),
    starts_on: day,
    ends_on: day,
    frequency_cap: z.coerce.number().int().min(1).max(24).default(1),
    categories: z.array(z.coerce.number().int().positive()).max(50).default([]),
    countries: z
      .array(z.string().regex(/^[A-Z]{2}$/, 'Use two-letter country codes.'))
      .max(250)
      .default([]),
    devices: z.array(z.enum(AD_DEVICES)).max(AD_DEVICES.length).default([]),
    positions: z
      .array(z.enum(['pre', 'mid']))
      .min(1, 'Choose at least one position.')
      .default(['pre', 'mid']),
    ad_category_id: z.coerce.number().int().positive().nullable().optional(),
    card_id: z.coerce.number().int().positive('Choose a card to fund the budget.'),
  })
  .refine((v) => v.ends_on >= v.starts_on, { path: ['ends_on'], message: 'The end date must be on or after the start date.' });

export type AdLineRow = typeof adLines.$inferSelect;

export interface AdLinePayload {
  id: number;
  campaign_id: number;
  title: string;
  cpm: number;
  budget: number;
  funded: number;
  spent: number;
  starts_on: string;
  ends_on: string;
  frequency_cap: number;
  targeting: AdLineRow['targeting'];
  positions: AdLineRow['positions'];
  ad_category_id: number | null;
  spot_status: AdLineRow['spot_status'];
  spot_duration_ms: number | null;
  status: AdLineRow['status'];
  impressions: number;
}

/** A line's payload from its row, its money (cents) and its impressions. */
function linePayload(r: AdLineRow, money: { funded: number; spent: number } | undefined, impressions: number): AdLinePayload {
  return {
    id: r.id,
    campaign_id: r.campaign_id,
    title: r.title,
    cpm: r.cpm,
    budget: r.budget,
    funded: money?.funded ?? 0,
    spent: money?.spent ?? 0,
    starts_on: r.starts_on,
    ends_on: r.ends_on,
    frequency_cap: r.frequency_cap,
    targeting: r.targeting,
    positions: r.positions,
    ad_category_id: r.ad_category_id,
    spot_status: r.spot_status,
    spot_duration_ms: r.spot_duration_ms,
    status: r.status,
    impressions,
  };
}

/** Lines a write has just made or changed, with their money and impressions (one statement, as the lists read them). */
export async function serializeLines(rows: AdLineRow[]): Promise<AdLinePayload[]> {
  if (rows.length === 0) return [];
  const db = await getDb();
  const ids = rows.map((r) => r.id);
  const { rows: found } = await db.execute<{ lines: LineJson[] }>(sql`select ${linesSql(sql`l.id = any(${sql.param(ids)}::int[])`)} as lines`);
  const lines = linesOf(found[0]?.lines ?? []);
  return ids.map((id) => lines.find((l) => l.id === id)!);
}

interface LineJson {
  line: Record<string, unknown>;
  funded: number | string;
  spent: number | string;
  impressions: number | string;
}

/**
 * Lines (`l`, the rows `where` picks), newest first, each with its money and impressions, as one JSON
 * value (for one-statement reads).
 */
function linesSql(where: SQL): SQL {
  return sql`(
    select coalesce(json_agg(json_build_object(
      'line', to_json(l), 'funded', m.funded, 'spent', m.spent,
      'impressions', (select count(*) from ${adDeliveries} where ${adDeliveries.line_id} = l.id and ${adDeliveries.impression_at} is not null)
    ) order by l.id desc), '[]')
    from ${adLines} l
    left join lateral (
      select ${AD_LINE_MONEY.funded} as funded, ${AD_LINE_MONEY.spent} as spent from ${transactions}
      where ${transactions.reference_type} = 'ad_line' and ${transactions.reference_id} = l.id
    ) m on true
    where ${where}
  )`;
}

/** A campaign's lines as linesSql reads them. */
export function campaignLinesSql(campaignId: number): SQL {
  return linesSql(sql`l.campaign_id = ${campaignId}`);
}

/** The payloads of campaignLinesSql's JSON. */
export function linesOf(json: LineJson[]): AdLinePayload[] {
  return json.map((j) => linePayload(rowFromJson(adLines, j.line), { funded: Number(j.funded), spent: Number(j.spent) }, Number(j.impressions)));
}

/** The brand's lines on one of their campaigns (404 for someone else's campaign). */
export async function listAdLines(brandUserId: number, campaignId: number): Promise<AdLinePayload[]> {
  await findOwnedCampaign(brandUserId, campaignId);
  const db = await getDb();
  const { rows } = await db.execute<{ lines: LineJson[] }>(sql`select ${campaignLinesSql(campaignId)} as lines`);
  return linesOf(rows[0]?.lines ?? []);
}

/** Creates a line: checks the spot (422 with the reason when refused), stores the line, charges its budget. */
export async function createAdLine(brandUserId: number, campaignId: number, body: unknown): Promise<AdLinePayload> {
  const input = validate(adLineSchema, body);
  await findOwnedCampaign(brandUserId, campaignId);
  const db = await getDb();
  const [file] = await db.select().from(files).where(eq(files.id, input.spot_file_id));
  if (!file) throw fieldError('spot_file_id', 'Upload a spot.');
  if (file.user_id !== brandUserId) throw forbidden();
  if (input.categories.length) {
    const known = await db.select({ id: categories.id }).from(categories).where(inArray(categories.id, input.categories));
    if (known.length !== new Set(input.categories).size) throw fieldError('categories', 'Choose categories from the list.');
  }
  return insertLine(brandUserId, campaignId, input, file, { categories: input.categories, countries: input.countries, devices: input.devices });
}

type LineInput = Pick<z.infer<typeof adLineSchema>, 'title' | 'cpm' | 'budget' | 'starts_on' | 'ends_on' | 'frequency_cap' | 'positions' | 'card_id'> & {
  ad_category_id?: number | null;
};

/** Stores a line, prepares its spot (refused: the line is removed and the reason answered as a 422), charges its budget, and makes it live. */
async function insertLine(
  brandUserId: number,
  campaignId: number,
  input: LineInput,
  file: typeof files.$inferSelect,
  targeting: AdLineRow['targeting'],
): Promise<AdLinePayload> {
  const db = await getDb();
  let adCategory = input.ad_category_id ?? null;
  if (adCategory === null) {
    const [brand] = await db.select({ category_id: brands.category_id }).from(brands).where(eq(brands.user_id, brandUserId));
    adCategory = brand?.category_id ?? null;
  }
  const [line] = await db
    .insert(adLines)
    .values({
      campaign_id: campaignId,
      brand_user_id: brandUserId,
      title: input.title,
      ad_category_id: adCategory,
      spot_file_id: file.id,
      cpm: input.cpm,
      budget: input.budget,
      starts_on: input.starts_on,
      ends_on: input.ends_on,
      targeting,
      frequency_cap: input.frequency_cap,
      positions: input.positions,
      status: 'paused',
    })
    .returning();
  try {
    const spot = await prepareSpot(line!.id, file.path, file.mime);
    await fundAdLine(db, { brandUserId, lineId: line!.id, campaignId, amount: input.budget, cardId: input.card_id });
    const [ready] = await db
      .update(adLines)
      .set({ spot_key: spot.key, spot_duration_ms: spot.durationMs, spot_status: 'ready', status: 'active' })
      .where(eq(adLines.id, line!.id))
      .returning();
    forgetServableLines();
    return (await serializeLines([ready!]))[0]!;
  } catch (error) {
    await db.delete(adLines).where(eq(adLines.id, line!.id));
    if (error instanceof SpotRefused) throw fieldError('spot_file_id', error.message);
    throw error;
  }
}

export const backCatalogueSchema = z
  .object({
    deliverable_id: z.coerce.number().int().positive('Choose an approved ad.'),
    cpm: adLineSchema.shape.cpm,
    budget: adLineSchema.shape.budget,
    starts_on: day,
    ends_on: day,
    frequency_cap: z.coerce.number().int().min(1).max(24).default(1),
    positions: z
      .array(z.enum(['pre', 'mid']))
      .min(1, 'Choose at least one position.')
      .default(['mid']),
    card_id: z.coerce.number().int().positive('Choose a card to fund the budget.'),
  })
  .refine((v) => v.ends_on >= v.starts_on, { path: ['ends_on'], message: 'The end date must be on or after the start date.' });

/**
 * Inserts a host-read ad the brand approved in the marketplace into the back catalogue of the show that
 * read it (issue 19 §2): a line whose spot is the approved deliverable's audio, served only in that
 * show's episodes published before today, billed like any line.
 */
export async function createBackCatalogueLine(brandUserId: number, body: unknown): Promise<AdLinePayload> {
  const input = validate(backCatalogueSchema, body);
  const db = await getDb();
  const [row] = await db
    .select({ job: packageJobs.description, campaign_id: campaigns.id, podcast_id: packages.podcast_id, file: files })
    .from(deliverables)
    .innerJoin(packageJobs, eq(packageJobs.id, deliverables.package_job_id))
    .innerJoin(packages, eq(packages.id, packageJobs.package_id))
    .innerJoin(campaigns, eq(campaigns.id, packages.campaign_id))
    .leftJoin(files, and(eq(deliverables.reference_type, 'file'), eq(files.id, deliverables.reference_id)))
    .where(and(eq(deliverables.id, input.deliverable_id), eq(deliverables.status, 'accepted'), eq(campaigns.brand_user_id, brandUserId)));
  if (!row) throw notFound('No such approved ad.');
  if (!row.file) throw fieldError('deliverable_id', 'This approved ad has no audio file to insert.');
  const [hosted] = await db.select({ id: hostedPodcasts.id }).from(hostedPodcasts).where(eq(hostedPodcasts.podcast_id, row.podcast_id));
  if (!hosted) throw fieldError('deliverable_id', 'This show is not hosted on Cuepoint, so its back catalogue cannot carry the ad.');
  return insertLine(brandUserId, row.campaign_id, { ...input, title: `Back catalogue: ${row.job}`.slice(0, 120) }, row.file, {
    categories: [],
    countries: [],
    devices: [],
    podcasts: [row.podcast_id],
    published_before: utcDay(clockNow()),
  });
}

/** Pauses or resumes one of the brand's lines. */
export async function setAdLineStatus(brandUserId: number, lineId: number, status: 'active' | 'paused'): Promise<AdLinePayload> {
  const db = await getDb();
  const [line] = await db.select().from(adLines).where(eq(adLines.id, lineId));
  if (!line || line.brand_user_id !== brandUserId) throw notFound();
  const [saved] = await db.update(adLines).set({ status }).where(eq(adLines.id, lineId)).returning();
  forgetServableLines();
  return (await serializeLines([saved!]))[0]!;
}

/** The categories a line can target or be classed in. */
export async function adCategories(): Promise<Array<{ id: number; title: string }>> {
  return listCategories();
}

export interface BackCatalogueCandidate {
  deliverable_id: number;
  job: string;
  podcast_title: string;
}

/**
 * The campaign's approved ads with audio, read by hosted shows: what can go into those shows' back
 * catalogues. Its columns are named as BackCatalogueCandidate's keys, so a read may nest it as JSON.
 */
export function backCatalogueCandidatesQuery(db: Db, brandUserId: number, campaignId: number) {
  return db
    .select({
      deliverable_id: sql<number>`${deliverables.id}`.as('deliverable_id'),
      job: sql<string>`${packageJobs.description}`.as('job'),
      podcast_title: sql<string>`${podcasts.title}`.as('podcast_title'),
    })
    .from(deliverables)
    .innerJoin(packageJobs, eq(packageJobs.id, deliverables.package_job_id))
    .innerJoin(packages, eq(packages.id, packageJobs.package_id))
    .innerJoin(campaigns, eq(campaigns.id, packages.campaign_id))
    .innerJoin(podcasts, eq(podcasts.id, packages.podcast_id))
    .innerJoin(hostedPodcasts, eq(hostedPodcasts.podcast_id, packages.podcast_id))
    .where(
      and(eq(campaigns.id, campaignId), eq(campaigns.brand_user_id, brandUserId), eq(deliverables.status, 'accepted'), eq(deliverables.reference_type, 'file')),
    )
    .orderBy(desc(deliverables.id));
}
