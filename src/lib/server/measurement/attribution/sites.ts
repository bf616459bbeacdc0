/** Attribution sites of a user and their events: what the campaign wizard's attribution tab and /settings/attribution use. */
import { and, asc, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { randomToken } from '../../crypto';
import { getDb, attributionSiteCampaigns, attributionSites, campaigns, hirings, siteEvents, qualified } from '../../db';
import { campaignSpentSql } from '../../payments';
import { fieldError, notFound, validate } from '../../http';
import { linkCampaignSite } from './link-campaign-site';

export type SiteRow = typeof attributionSites.$inferSelect;
export type EventRow = typeof siteEvents.$inferSelect;

/** The events every new site starts with. */
export const PREDEFINED_EVENTS = [
  { name: 'Page view', slug: 'page-view' },
  { name: 'Sign up', slug: 'sign-up' },
  { name: 'Purchase', slug: 'purchase' },
];

export const siteInputSchema = z.object({
  domain: z
    .string({ error: 'The domain is required.' })
    .trim()
    .min(1, 'The domain is required.')
    .max(253, 'The domain may not be longer than 253 characters.')
    .transform((v) =>
      v
        .replace(/^https?:\/\//i, '')
        .replace(/\/.*$/, '')
        .toLowerCase(),
    )
    .refine((v) => /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(v), 'The domain must be a domain name such as shop.example.com.'),
});

/** A site's figures, read when it is shown: its campaigns, their hired ads and their spend. */
export interface SiteFigures {
  campaigns_count: number;
  /** Jobs hired in its campaigns (single-episode jobs), cancelled hires left out. */
  ads_count: number;
  /** The sum of its campaigns' spend (payments' campaignSpentSql: the one figure of spend). */
  ads_spend: number;
}

/** The figures of the site whose id is `siteId`, as one JSON expression. */
export function siteFiguresSql(siteId: SQL): SQL<SiteFigures> {
  return sql<SiteFigures>`json_build_object(
    'campaigns_count', (select count(*) from ${attributionSiteCampaigns} fc where fc.site_id = ${siteId}),
    'ads_count', (select coalesce(sum(jsonb_array_length(fh.job_ids)), 0) from ${hirings} fh
      inner join ${attributionSiteCampaigns} fc on fc.campaign_id = fh.campaign_id where fc.site_id = ${siteId} and fh.status <> 'cancelled'),
    'ads_spend', (select coalesce(sum(${campaignSpentSql(sql`fc.campaign_id`)}), 0) from ${attributionSiteCampaigns} fc where fc.site_id = ${siteId})
  )`;
}

/** The site payload of §3, with its figures as they are now. */
export function serializeSite(s: SiteRow, figures: SiteFigures | null = null) {
  return {
    id: s.id,
    user_id: s.user_id,
    domain: s.domain,
    status: s.status,
    pid: s.pid,
    ads_count: Number(figures?.ads_count ?? 0),
    ads_spend: Number(figures?.ads_spend ?? 0),
    campaigns_count: Number(figures?.campaigns_count ?? 0),
    created_at: s.created_at.toISOString(),
  };
}

/** One of the user's sites as the API and its page show it (a 404 for anyone else's). */
export async function sitePayload(userId: number, siteId: number): Promise<SitePayload> {
  const db = await getDb();
  const [row] = await db
    .select({ site: attributionSites, figures: siteFiguresSql(qualified(attributionSites.id)) })
    .from(attributionSites)
    .where(and(eq(attributionSites.id, siteId), eq(attributionSites.user_id, userId)));
  if (!row) throw notFound();
  return serializeSite(row.site, row.figures);
}
export type SitePayload = ReturnType<typeof serializeSite>;

/** The site event payload of §3. */
export function serializeEvent(e: EventRow) {
  return {
    id: e.id,
    site_id: e.site_id,
    name: e.name,
    slug: e.slug,
    is_predefined: e.is_predefined,
    last_occurred: e.last_occurred?.toISOString() ?? null,
    attributed: e.attributed,
  };
}

/** The user's sites, newest first. */
export async function listSites(userId: number): Promise<SitePayload[]> {
  const db = await getDb();
  const rows = await db
    .select({ site: attributionSites, figures: siteFiguresSql(qualified(attributionSites.id)) })
    .from(attributionSites)
    .where(eq(attributionSites.user_id, userId))
    .orderBy(desc(attributionSites.id));
  return rows.map((r) => serializeSite(r.site, r.figures));
}

/** One of the user's sites, or a 404. */
export async function findSite(userId: number, siteId: number): Promise<SiteRow> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(attributionSites)
    .where(and(eq(attributionSites.id, siteId), eq(attributionSites.user_id, userId)));
  if (!row) throw notFound();
  return row;
}

/** Adds a site (the 'add site' screen) with its predefined events. */
export async function createSite(userId: number, body: unknown): Promise<SitePayload> {
  const { domain } = validate(siteInputSchema, body);
  const db = await getDb();
  const [dupe] = await db
    .select({ id: attributionSites.id })
    .from(attributionSites)
    .where(and(eq(attributionSites.user_id, userId), eq(attributionSites.domain, domain)));
  if (dupe) throw fieldError('domain', 'You already added this site.');
  const row = await db.transaction(async (tx) => {
    const [site] = await tx
      .insert(attributionSites)
      .values({ user_id: userId, domain, pid: `cp_${randomToken(12)}` })
      .returning();
    await tx.insert(siteEvents).values(PREDEFINED_EVENTS.map((e) => ({ site_id: site!.id, name: e.name, slug: e.slug, is_predefined: true })));
    return site!;
  });
  return serializeSite(row);
}

/** Deletes one of the user's sites. */
export async function deleteSite(userId: number, siteId: number): Promise<void> {
  const site = await findSite(userId, siteId);
  const db = await getDb();
  await db.delete(attributionSites).where(eq(attributionSites.id, site.id));
}

/** Resumes a paused site. */
export async function resumeSite(userId: number, siteId: number): Promise<SitePayload> {
  const site = await findSite(userId, siteId);
  const db = await getDb();
  await db.update(attributionSites).set({ status: 'active' }).where(eq(attributionSites.id, site.id));
  return sitePayload(userId, site.id);
}

/** A site's events, predefined first. */
export async function listEvents(userId: number, siteId: number) {
  const site = await findSite(userId, siteId);
  const db = await getDb();
  return (await db.select().from(siteEvents).where(eq(siteEvents.site_id, site.id)).orderBy(desc(siteEvents.is_predefined), asc(siteEvents.id))).map(
    serializeEvent,
  );
}

/** Adds a custom event to a site. */
export async function createEvent(userId: number, siteId: number, body: unknown) {
  const site = await findSite(userId, siteId);
  const { name } = validate(
    z.object({
      name: z.string({ error: 'The name is required.' }).trim().min(1, 'The name is required.').max(80, 'The name may not be longer than 80 characters.'),
    }),
    body,
  );
  const slug =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'event';
  const db = await getDb();
  const [dupe] = await db
    .select({ id: siteEvents.id })
    .from(siteEvents)
    .where(and(eq(siteEvents.site_id, site.id), eq(siteEvents.slug, slug)));
  if (dupe) throw fieldError('name', 'This site already has an event with that name.');
  const [row] = await db.insert(siteEvents).values({ site_id: site.id, name, slug }).returning();
  return serializeEvent(row!);
}

/** Deletes a custom event (predefined ones stay). */
export async function deleteEvent(userId: number, siteId: number, eventId: number): Promise<void> {
  const site = await findSite(userId, siteId);
  const db = await getDb();
  const [row] = await db
    .select()
    .from(siteEvents)
    .where(and(eq(siteEvents.id, eventId), eq(siteEvents.site_id, site.id)));
  if (!row) throw notFound();
  if (row.is_predefined) throw fieldError('event', 'Predefined events cannot be deleted.');
  await db.delete(siteEvents).where(eq(siteEvents.id, row.id));
}

/** The campaigns attributed to a site. */
export async function listSiteCampaigns(userId: number, siteId: number) {
  const site = await findSite(userId, siteId);
  const db = await getDb();
  return db
    .select({ id: campaigns.id, title: campaigns.title, status: campaigns.status })
    .from(attributionSiteCampaigns)
    .innerJoin(campaigns, eq(campaigns.id, attributionSiteCampaigns.campaign_id))
    .where(eq(attributionSiteCampaigns.site_id, site.id))
    .orderBy(desc(campaigns.id));
}

/** Links one of the user's campaigns to the site. */
export async function addSiteCampaign(userId: number, siteId: number, body: unknown) {
  const site = await findSite(userId, siteId);
  const { campaign_id } = validate(
    z.object({ campaign_id: z.coerce.number({ error: 'Choose a campaign.' }).int('Choose a campaign.').positive('Choose a campaign.') }),
    body,
  );
  const db = await getDb();
  const [campaign] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.id, campaign_id), eq(campaigns.brand_user_id, userId)));
  if (!campaign) throw fieldError('campaign_id', 'The selected campaign is invalid.');
  await db.transaction((tx) => linkCampaignSite(tx, campaign_id, site.id));
  return listSiteCampaigns(userId, site.id);
}

/** Unlinks a campaign from the site. */
export async function removeSiteCampaign(userId: number, siteId: number, campaignId: number): Promise<void> {
  const site = await findSite(userId, siteId);
  const db = await getDb();
  const [link] = await db
    .select()
    .from(attributionSiteCampaigns)
    .where(and(eq(attributionSiteCampaigns.site_id, site.id), eq(attributionSiteCampaigns.campaign_id, campaignId)));
  if (!link) throw notFound();
  await db.transaction((tx) => linkCampaignSite(tx, campaignId, null));
}

/** The user's campaigns that can be attributed to a site (titled ones), with the site each is attributed to now. */
export async function listAttributableCampaigns(userId: number) {
  const db = await getDb();
  return db
    .select({ id: campaigns.id, title: campaigns.title, status: campaigns.status, site_id: campaigns.site_id })
    .from(campaigns)
    .where(and(eq(campaigns.brand_user_id, userId), ne(campaigns.title, '')))
    .orderBy(desc(campaigns.id));
}
