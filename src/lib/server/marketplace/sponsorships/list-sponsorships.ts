/**
 * Sponsorships (core §1, §3 opportunity): campaigns that are active, approved and submitted are
 * opportunities for every podcast; they fit when they share a category with it. Computed on read;
 * the opportunities row is created when the podcaster acts (feature, decline, propose).
 */
import { and, desc, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { statementCache } from '../../cache';
import { contains, getDb, rowFromJson, qualified, ads, brands, campaignAds, campaignCategories, campaigns, categories, packages } from '../../db';
import { notFound } from '../../http';
import type { PodcastRow } from '../../podcasts';
import { jobsFromJson, type JobsJson, packagePodcast, packageJobsSql, serializePackage, type PackagePayload } from '../proposals';

export const SPONSORSHIP_TABS = ['others', 'not-fit', 'pending', 'declined'] as const;
export type SponsorshipTab = (typeof SPONSORSHIP_TABS)[number];

export interface OpportunityAdPayload {
  /** The campaign ad's id (a job's campaign_ad_id). */
  id: number;
  ad_id: number;
  type: 'sponsorship' | 'host';
  title: string;
  description: string;
  podcaster_description: string;
}

export interface OpportunityCampaignPayload {
  id: number;
  title: string;
  description: string;
  budget: number | null;
  duration: number | null;
  delivery_date: string | null;
  status: string;
  url: string | null;
  brand_user_id: number;
  brand: { name: string; avatar_url: string | null; url: string | null };
  categories: { id: number; title: string }[];
  ads: OpportunityAdPayload[];
  created_at: string;
}

export interface SponsorshipPayload {
  /** The opportunities row, once the podcaster acted on it; null before. */
  id: number | null;
  podcast_id: number;
  campaign_id: number;
  package_id: number | null;
  status: 'open' | 'proposed' | 'declined' | 'cancelled' | 'hired';
  is_featured: boolean;
  fit: boolean;
  tab: SponsorshipTab | 'hired';
  campaign: OpportunityCampaignPayload;
  package: PackagePayload | null;
}

type CampaignRow = typeof campaigns.$inferSelect;

/** Campaigns a podcaster can propose to: active, approved and not drafts. */
export const openCampaignWhere = () => and(eq(campaigns.status, 'active'), eq(campaigns.is_approved, true), isNotNull(campaigns.submitted_at));

/** What opportunityRelationsSql() evaluates to. */
interface OpportunityRelations {
  brand: { name: string; avatar_url: string | null; url: string | null } | null;
  categories: { id: number; title: string }[];
  ads: OpportunityAdPayload[];
}

/** The brand, categories and ads of the `campaigns` row of the enclosing query, as one JSON expression. */
function opportunityRelationsSql(): SQL<OpportunityRelations> {
  const q = qualified;
  return sql<OpportunityRelations>`json_build_object(
    'brand', (
      select json_build_object('name', ${q(brands.name)}, 'avatar_url', ${q(brands.avatar_url)}, 'url', ${q(brands.url)})
      from ${brands} where ${q(brands.user_id)} = ${q(campaigns.brand_user_id)} limit 1
    ),
    'categories', (
      select coalesce(json_agg(json_build_object('id', ${q(categories.id)}, 'title', ${q(categories.title)})), '[]')
      from ${campaignCategories} inner join ${categories} on ${q(categories.id)} = ${q(campaignCategories.category_id)}
      where ${q(campaignCategories.campaign_id)} = ${q(campaigns.id)}
    ),
    'ads', (
      select coalesce(json_agg(json_build_object(
        'id', ${q(campaignAds.id)}, 'ad_id', ${q(ads.id)}, 'type', ${q(ads.type)}, 'title', ${q(ads.title)},
        'description', ${q(campaignAds.description)}, 'podcaster_description', ${q(ads.podcaster_description)}
      ) order by ${q(ads.sort)}), '[]')
      from ${campaignAds} inner join ${ads} on ${q(ads.id)} = ${q(campaignAds.ad_id)}
      where ${q(campaignAds.campaign_id)} = ${q(campaigns.id)}
    )
  )`;
}

function opportunityCampaign(c: CampaignRow, relations: OpportunityRelations): OpportunityCampaignPayload {
  return {
    id: c.id,
    title: c.title,
    description: c.description,
    budget: c.budget,
    duration: c.duration,
    delivery_date: c.delivery_date,
    status: c.status,
    url: c.url,
    brand_user_id: c.brand_user_id,
    brand: { name: relations.brand?.name ?? 'Brand', avatar_url: relations.brand?.avatar_url ?? null, url: relations.brand?.url ?? null },
    categories: relations.categories,
    ads: relations.ads,
    created_at: c.created_at.toISOString(),
  };
}

/** Serializes campaigns with brand, categories and ads (one statement). */
export async function serializeOpportunityCampaigns(rows: CampaignRow[]): Promise<OpportunityCampaignPayload[]> {
  if (!rows.length) return [];
  const db = await getDb();
  const found = await db
    .select({ id: campaigns.id, relations: opportunityRelationsSql() })
    .from(campaigns)
    .where(
      inArray(
        campaigns.id,
        rows.map((r) => r.id),
      ),
    );
  const byId = new Map(found.map((f) => [f.id, f.relations]));
  return rows.map((c) => opportunityCampaign(c, byId.get(c.id) ?? { brand: null, categories: [], ads: [] }));
}

/** What the podcast has to do with one campaign: its opportunity row, its live package with jobs, whether they fit. */
interface PodcastSide {
  opportunity: { id: number; status: string; is_featured: boolean } | null;
  live_package: { pkg: Record<string, unknown>; jobs: JobsJson } | null;
  fit: boolean;
}

/** The podcast's side of the `campaigns` row in scope, as one JSON expression (see PodcastSide). */
function podcastSideSql(podcast: PodcastRow): SQL<PodcastSide> {
  return sql<PodcastSide>`json_build_object(
    'opportunity', (
      select json_build_object('id', o.id, 'status', o.status, 'is_featured', o.is_featured)
      from opportunities o where o.podcast_id = ${podcast.id} and o.campaign_id = "campaigns"."id" order by o.id limit 1
    ),
    'live_package', (
      select json_build_object('pkg', to_json(p), 'jobs', ${packageJobsSql(sql`p.id`)})
      from packages p
      where p.campaign_id = "campaigns"."id" and p.podcast_id = ${podcast.id} and p.status in ('pending', 'hired')
      order by p.id desc limit 1
    ),
    'fit', exists (
      select 1 from campaign_categories cc
      where cc.campaign_id = "campaigns"."id"
        and (cc.category_id = ${podcast.category_id ?? -1} or cc.category_id in (select pc.category_id from podcast_categories pc where pc.podcast_id = ${podcast.id}))
    )
  )`;
}

type SponsorshipRow = { campaign: CampaignRow; relations: OpportunityRelations; side: PodcastSide; tab: SponsorshipPayload['tab'] };

/** One open campaign as the podcast sees it: the tab it is on and whether the podcaster featured it. */
export interface SponsorshipIndexRow {
  campaign_id: number;
  tab: SponsorshipPayload['tab'];
  is_featured: boolean;
}

/**
 * The tab of the `campaigns` row in scope for the podcast, in SQL: hired or pending by its live package,
 * declined by its opportunity, else others when they share a category, not-fit when not.
 */
function tabSql(podcast: PodcastRow): SQL<SponsorshipPayload['tab']> {
  return sql<SponsorshipPayload['tab']>`case coalesce((
      select p.status::text from packages p
      where p.podcast_id = ${podcast.id} and p.campaign_id = "campaigns"."id" and p.status in ('pending', 'hired')
      order by p.id desc limit 1
    ), '')
    when 'hired' then 'hired'
    when 'pending' then 'pending'
    else case
      when (select o.status::text from opportunities o where o.podcast_id = ${podcast.id} and o.campaign_id = "campaigns"."id" order by o.id limit 1) = 'declined' then 'declined'
      when exists (
        select 1 from campaign_categories cc
        where cc.campaign_id = "campaigns"."id"
          and (cc.category_id = ${podcast.category_id ?? -1} or cc.category_id in (select pc.category_id from podcast_categories pc where pc.podcast_id = ${podcast.id}))
      ) then 'others'
      else 'not-fit'
    end
  end`;
}

function featuredSql(podcast: PodcastRow): SQL<boolean> {
  return sql<boolean>`coalesce((select o.is_featured from opportunities o where o.podcast_id = ${podcast.id} and o.campaign_id = "campaigns"."id" order by o.id limit 1), false)`;
}

/** Campaigns whose title, description or brand name contains the term (the trigram indexes of migration 0019). */
function searchWhere(search: string): SQL | undefined {
  const term = search.trim();
  if (!term) return undefined;
  return or(
    contains(campaigns.title, term),
    contains(campaigns.description, term),
    sql`${campaigns.brand_user_id} in (select ${brands.user_id} from ${brands} where ${contains(brands.name, term)})`,
  );
}

/**
 * Each podcast's index of open campaigns (tab and featured flag only, a few bytes a campaign), kept a few
 * seconds and dropped at once when any table the statement reads is written (a brand's new campaign, the
 * podcaster's own proposal): the tab counts, the pages and the API cut it, and only a page's campaigns are
 * read whole (sponsorshipsOf).
 */
const indexes = statementCache<SponsorshipIndexRow[]>('sponsorship-index', 5_000);

/**
 * The podcast's sponsorships (every tab and hired), featured first, then newest campaign first, optionally
 * matching a search. One statement over the open campaigns; `fresh` reads past the cache.
 */
export async function sponsorshipIndex(podcast: PodcastRow, search = '', { fresh = false } = {}): Promise<SponsorshipIndexRow[]> {
  const db = await getDb();
  const featured = featuredSql(podcast);
  const statement = () =>
    db
      .select({ campaign_id: campaigns.id, tab: tabSql(podcast), is_featured: featured })
      .from(campaigns)
      .where(and(openCampaignWhere(), searchWhere(search)))
      .orderBy(desc(featured), desc(campaigns.submitted_at), desc(campaigns.id));
  if (fresh) return statement();
  // The statement depends on nothing else of the podcast than its id and category.
  return indexes.getBy(`${podcast.id}\n${podcast.category_id ?? ''}\n${search.trim().toLowerCase()}`, statement);
}

/** The sponsorships of these index rows, whole (campaign, brand, ads, the podcast's package), in the rows' order. One statement. */
export async function sponsorshipsOf(podcast: PodcastRow, rows: Array<Pick<SponsorshipIndexRow, 'campaign_id'>>): Promise<SponsorshipPayload[]> {
  if (!rows.length) return [];
  const db = await getDb();
  const found: SponsorshipRow[] = await db
    .select({ campaign: campaigns, relations: opportunityRelationsSql(), side: podcastSideSql(podcast), tab: tabSql(podcast) })
    .from(campaigns)
    .where(
      and(
        openCampaignWhere(),
        inArray(
          campaigns.id,
          rows.map((r) => r.campaign_id),
        ),
      ),
    );
  const byId = new Map(found.map((row) => [row.campaign.id, row]));
  const podcastSummary = packagePodcast(podcast);
  return rows.flatMap((r) => {
    const row = byId.get(r.campaign_id);
    return row ? [sponsorshipOf(podcast, podcastSummary, row)] : [];
  });
}

function sponsorshipOf(podcast: PodcastRow, podcastSummary: ReturnType<typeof packagePodcast>, row: SponsorshipRow): SponsorshipPayload {
  const campaign = opportunityCampaign(row.campaign, row.relations);
  const { opportunity: opp, live_package: live, fit } = row.side;
  const pkg = live ? serializePackage(rowFromJson(packages, live.pkg), jobsFromJson(live.jobs), podcastSummary) : null;
  const status: SponsorshipPayload['status'] =
    pkg?.status === 'hired' ? 'hired' : pkg ? 'proposed' : opp?.status === 'declined' ? 'declined' : opp?.status === 'cancelled' ? 'cancelled' : 'open';
  return {
    id: opp?.id ?? null,
    podcast_id: podcast.id,
    campaign_id: campaign.id,
    package_id: pkg?.id ?? null,
    status,
    is_featured: opp?.is_featured ?? false,
    fit,
    // The one rule of the tabs (tabSql), the same the index is cut by.
    tab: row.tab,
    campaign,
    package: pkg,
  };
}

/** One page of a tab ('all': every row, hired included), Laravel-paginated, with only that page's sponsorships read whole. */
export async function sponsorshipPage(
  podcast: PodcastRow,
  index: SponsorshipIndexRow[],
  tab: SponsorshipTab | 'all',
  page: number,
  perPage: number,
  path: string,
  query: Record<string, string> = {},
) {
  const cut = pageOf(tab === 'all' ? index : index.filter((r) => r.tab === tab), page, perPage, path, query);
  return { ...cut, data: await sponsorshipsOf(podcast, cut.data) };
}

/** The counts of the tabs (GET /api/sponsorships-count). */
export function countSponsorships(all: Array<{ tab: SponsorshipPayload['tab'] }>) {
  return {
    othersCount: all.filter((s) => s.tab === 'others').length,
    notFitCount: all.filter((s) => s.tab === 'not-fit').length,
    pendingCount: all.filter((s) => s.tab === 'pending').length,
    declinedCount: all.filter((s) => s.tab === 'declined').length,
  };
}

/** One page of a tab, Laravel-paginated. */
export function pageOf<T>(items: T[], page: number, perPage: number, path: string, query: Record<string, string> = {}) {
  const total = items.length;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const current = Math.min(Math.max(1, page), lastPage);
  const link = (p: number) => `${path}?${new URLSearchParams({ ...query, page: String(p) }).toString()}`;
  const from = total ? (current - 1) * perPage + 1 : null;
  return {
    data: items.slice((current - 1) * perPage, current * perPage),
    meta: { current_page: current, last_page: lastPage, per_page: perPage, total, from, to: from ? Math.min(total, current * perPage) : null, path },
    links: { first: link(1), last: link(lastPage), prev: current > 1 ? link(current - 1) : null, next: current < lastPage ? link(current + 1) : null },
  };
}

/** The sponsorship of one campaign for the podcast, in any tab (or hired); 404 when the campaign is not open to it. */
export async function findSponsorship(podcast: PodcastRow, campaignId: number): Promise<SponsorshipPayload> {
  // Read whole and fresh: actions check what they read here before they write.
  const [found] = await sponsorshipsOf(podcast, [{ campaign_id: campaignId }]);
  if (!found) throw notFound();
  return found;
}
