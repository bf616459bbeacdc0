/** The proposal feed: a campaign's packages by tab, with the podcast, jobs, total and the brand's rates. */
import { and, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  keyset,
  windowTotal,
  getDb,
  rowFromJson,
  qualified,
  ads,
  campaignAds,
  campaigns,
  categories,
  discussions,
  hirings,
  packageJobs,
  packages,
  podcastCategories,
  podcasts,
  rates,
} from '../../db';
import { notFound } from '../../http';
import { proposalTotal } from '../../../proposal-total';
import { FEED_SORTS, FEED_TABS, type FeedTab, type FeedPackageJobPayload, type FeedPackagePayload } from '../../../campaign-types';
import { paginate, type Paginated } from '../../../paginate';
import { findOwnedCampaign } from '../../campaigns';
import { pricePerThousand, unmeasured, type VerifiedAudience } from '../../../verified-audience';
import { isBillable, isDeclined } from '../../../proposal-total';
import type { PackageRow } from './serialize-package';
import { supplier } from '../../suppliers';

export const feedQuery = z.object({
  tab: z.enum(FEED_TABS).default('new'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(50).default(10),
  /** newest (default), price: price per thousand verified downloads (cheapest first), downloads: verified median (most first). */
  sort: z.enum(FEED_SORTS).default('newest'),
  /** '1': only proposals of shows with a verified median. */
  measured: z.enum(['0', '1']).optional(),
  /** The next page after a page's last row (meta.next_cursor), in the same sort (another sort's cursor is a 422). */
  cursor: z.string().max(2000).optional(),
});
export type FeedQuery = z.infer<typeof feedQuery>;

const newestParts = [
  { column: packages.created_at, type: 'timestamp' },
  { column: packages.id, type: 'int' },
] as const;
/** Newest first, the id breaking ties (packages_campaign_created_idx). */
const order = keyset(newestParts);

/** Below any price guide a feed can hold (a safe integer, so the cursor's JSON keeps it exactly). */
const UNPRICED = -Number.MAX_SAFE_INTEGER;

/**
 * The feed's order as a keyset, newest first within equal figures: by the price guide, cheapest per
 * thousand verified downloads first, or by the verified median, most first; unmeasured shows last in
 * both. Each figure is one descending key with no nulls (the price negated, a missing figure below
 * every real one), so a cursor pages the figure's order like the newest-first one, within a campaign.
 */
function feedKeyset(sort: FeedQuery['sort'], median: SQL<number | null>) {
  const source = audienceSource.get();
  if (sort === 'downloads') return keyset([{ column: sql`coalesce((${median})::bigint, -1)`, type: 'int' }, ...newestParts]);
  if (sort === 'price' && source) {
    const price = source.pricePerThousandSql(qualified(packages.id), median);
    return keyset([{ column: sql`coalesce(-(${price})::bigint, ${sql.raw(String(UNPRICED))})`, type: 'int' }, ...newestParts]);
  }
  return order;
}

/** The SQL condition of a feed tab. */
export function tabCondition(tab: FeedTab): SQL {
  switch (tab) {
    case 'new':
      return and(eq(packages.status, 'pending'), eq(packages.starred, false), isNull(packages.extended_status))!;
    case 'starred':
      return and(eq(packages.starred, true), inArray(packages.status, ['pending', 'hired']))!;
    case 'hired':
      return eq(packages.status, 'hired');
    case 'in-review':
      return sql`exists (select 1 from ${packageJobs} where ${packageJobs.package_id} = ${packages.id} and ${packageJobs.status} = 'in-review')`;
    case 'declined':
      return eq(packages.status, 'declined');
  }
}

/** What feedRelationsSql() evaluates to for one package. */
interface FeedRelations {
  podcast: Record<string, unknown>;
  categories: { id: number; title: string }[];
  jobs: { job: Record<string, unknown>; ad_type: 'sponsorship' | 'host' | null; ad_title: string | null }[];
  rate: { responsiveness: number; conversion: number; content_quality: number } | null;
  /** The job ids of each of the package's hirings that stands (not cancelled). */
  hired: number[][];
  /** The package workroom's discussion id (/workrooms/package/{id}). */
  room_id: number | null;
}

/** The podcast, its categories, the jobs with their ads, the brand's rates, hired jobs and workroom of the `packages` row in scope, as one JSON expression. */
function feedRelationsSql(): SQL<FeedRelations> {
  const q = qualified;
  return sql<FeedRelations>`json_build_object(
    'podcast', (select to_json(p) from ${podcasts} p where p.id = ${q(packages.podcast_id)}),
    'categories', (
      select coalesce(json_agg(json_build_object('id', c.id, 'title', c.title) order by c.title), '[]')
      from ${podcastCategories} pc inner join ${categories} c on c.id = pc.category_id
      where pc.podcast_id = ${q(packages.podcast_id)}
    ),
    'jobs', (
      select coalesce(json_agg(json_build_object('job', to_json(j), 'ad_type', a.type, 'ad_title', a.title) order by j.id), '[]')
      from ${packageJobs} j left join ${campaignAds} ca on ca.id = j.campaign_ad_id left join ${ads} a on a.id = ca.ad_id
      where j.package_id = ${q(packages.id)}
    ),
    'rate', (
      select json_build_object('responsiveness', r.responsiveness, 'conversion', r.conversion, 'content_quality', r.content_quality)
      from ${rates} r where r.package_id = ${q(packages.id)} order by r.id limit 1
    ),
    'hired', (
      select coalesce(json_agg(h.job_ids), '[]') from ${hirings} h
      where h.package_id = ${q(packages.id)} and h.status <> 'cancelled'
    ),
    'room_id', (
      select d.id from ${discussions} d
      where d.package_id = ${q(packages.id)} and d.type = 'package' order by d.id limit 1
    )
  )`;
}

/** Serializes packages for their brand (one statement for all their relations). */
export async function serializePackagesForBrand(rows: PackageRow[]): Promise<FeedPackagePayload[]> {
  if (rows.length === 0) return [];
  const db = await getDb();
  const found = await db
    .select({ id: packages.id, relations: feedRelationsSql() })
    .from(packages)
    .where(
      inArray(
        packages.id,
        rows.map((r) => r.id),
      ),
    );
  const byId = new Map(found.map((f) => [f.id, f.relations]));
  const [audiences, cpm] = await audienceOf(rows.map((r) => ({ podcast_id: r.podcast_id, relations: byId.get(r.id)! })));
  return rows.map((r) => feedPackagePayload(r, byId.get(r.id)!, audiences, cpm));
}

/** One package as its brand's feed shows it. */
function feedPackagePayload(
  r: PackageRow,
  relations: FeedRelations,
  audiences: Map<number, VerifiedAudience>,
  categoryCpm: Map<number, number>,
): FeedPackagePayload {
  const pod = rowFromJson(podcasts, relations.podcast);
  const hiredIds = new Set(relations.hired.flat());
  const jobPayloads: FeedPackageJobPayload[] = relations.jobs.map(({ job: json, ad_type, ad_title }) => {
    const job = rowFromJson(packageJobs, json);
    return {
      id: job.id,
      description: job.description,
      status: job.status,
      fee: job.fee,
      campaign_ad_id: job.campaign_ad_id,
      ad_type: ad_type ?? null,
      ad_title: ad_title ?? null,
      package_id: job.package_id,
      is_episode: job.is_episode,
      episodes: job.episodes,
      parent_id: job.parent_id,
      is_funded: job.is_funded,
      is_declined: job.declined_at !== null,
      is_hired: hiredIds.has(job.id),
      delivery_date: job.delivery_date,
    };
  });
  const rate = relations.rate;
  const total = proposalTotal(jobPayloads);
  const audience = audiences.get(r.podcast_id) ?? unmeasured(r.podcast_id, '', '');
  const spots = jobPayloads.filter((j) => isBillable(j) && !isDeclined(j)).length;
  const category = relations.categories[0] ?? null;
  return {
    id: r.id,
    description: r.description,
    status: r.status,
    extended_status: r.extended_status,
    record_id: r.record_id,
    total_price: total,
    price_guide: {
      spots,
      per_thousand: pricePerThousand(total, spots, audience.median_downloads),
      category: category?.title ?? null,
      category_median: category ? (categoryCpm.get(category.id) ?? null) : null,
    },
    podcast_id: r.podcast_id,
    podcaster_user_id: r.podcaster_user_id,
    campaign_id: r.campaign_id,
    starred: r.starred,
    rates: { responsiveness: rate?.responsiveness ?? 0, conversion: rate?.conversion ?? 0, content_quality: rate?.content_quality ?? 0 },
    podcast: {
      id: pod.id,
      hash_id: pod.hash_id,
      title: pod.title,
      avatar_url: pod.avatar_url,
      rating_avg: pod.rating_avg,
      avg_listens: pod.avg_listens,
      is_premium: pod.is_premium,
      categories: relations.categories,
      audience,
    },
    jobs: jobPayloads,
    workroom_link: relations.room_id ? `/workrooms/package/${relations.room_id}` : '/workrooms',
    created_at: r.created_at.toISOString(),
  };
}

/**
 * The feed of one of the brand's campaigns: the page and its total in one statement. `owned` skips
 * the ownership check for a caller that has just made it (the campaign page).
 */
export async function listCampaignPackages(
  brandUserId: number,
  campaignId: number,
  query: FeedQuery,
  path?: string,
  { owned = false } = {},
): Promise<Paginated<FeedPackagePayload>> {
  if (!owned) await findOwnedCampaign(brandUserId, campaignId);
  const db = await getDb();
  const source = audienceSource.get();
  const median = source ? source.medianSql(qualified(packages.podcast_id)) : sql<number | null>`null::int`;
  const where = and(eq(packages.campaign_id, campaignId), tabCondition(query.tab), query.measured === '1' ? sql`${median} is not null` : undefined);
  // The newest-first order reads packages_campaign_created_idx; the figures' orders sort the campaign's proposals.
  const sorted = feedKeyset(query.sort, median);
  const after = sorted.after(query.cursor);
  const read = await db
    .select({ pkg: packages, relations: feedRelationsSql(), total: sql<number>`count(*) over ()`, cursor_key: sorted.key })
    .from(packages)
    .where(and(where, after))
    .orderBy(...sorted.orderBy)
    .limit(query.per_page + 1)
    .offset(after ? 0 : (query.page - 1) * query.per_page);
  const { rows, next_cursor } = sorted.page(read, query.per_page);
  const [audiences, cpm] = await audienceOf(rows.map((r) => ({ podcast_id: r.pkg.podcast_id, relations: r.relations })));
  const countAll = async () => Number((await db.select({ n: count() }).from(packages).where(where))[0]?.n ?? 0);
  const total = after ? await countAll() : await windowTotal(rows, query.page, countAll);
  return withCursor(
    next_cursor,
    paginate(
      rows.map((r) => feedPackagePayload(r.pkg, r.relations, audiences, cpm)),
      total,
      query.page,
      query.per_page,
      path ?? `/api/campaigns/${campaignId}/packages`,
      {
        ...(query.tab === 'new' ? {} : { tab: query.tab }),
        ...(query.sort === 'newest' ? {} : { sort: query.sort }),
        ...(query.measured === '1' ? { measured: '1' } : {}),
      },
    ),
  );
}

/**
 * Where the feed's audience figures come from: measurement (above this domain) supplies them at boot
 * (runtime.ts, measurement's registerFeedAudience), so every feed, API and action answer carries them.
 */
export interface FeedAudienceSource {
  /** The verified median of the show `podcastId` (an SQL expression), null for an unmeasured show. */
  medianSql: (podcastId: SQL) => SQL<number | null>;
  /** The price guide of the `packages` row `packageId` given that median (SQL, for sorting). */
  pricePerThousandSql: (packageId: SQL, median: SQL<number | null>) => SQL<number | null>;
  /** The verified audiences of shows and the median CPM of categories (by id). */
  audiences: (podcastIds: number[], categoryIds: number[]) => Promise<[Map<number, VerifiedAudience>, Map<number, number>]>;
}
const audienceSource = supplier<FeedAudienceSource>('marketplace.feed-audience');

/** Supplies the audience figures of the proposal feed (once, at boot). */
export function supplyFeedAudience(s: FeedAudienceSource): void {
  audienceSource.supply(s);
}

/** The verified audiences of the shows and the median CPM of their first categories (two statements for the whole page). */
async function audienceOf(rows: Array<{ podcast_id: number; relations: FeedRelations }>): Promise<[Map<number, VerifiedAudience>, Map<number, number>]> {
  const source = audienceSource.get();
  if (!source) return [new Map(), new Map()];
  const categoryIds = rows.flatMap((r) => (r.relations.categories[0] ? [r.relations.categories[0].id] : []));
  return source.audiences(
    rows.map((r) => r.podcast_id),
    categoryIds,
  );
}

function withCursor<T>(next_cursor: string | null, page: Paginated<T>): Paginated<T> {
  page.meta.next_cursor = next_cursor;
  return page;
}

/** How many packages each feed tab holds (one statement). */
export async function countFeedTabs(campaignId: number): Promise<Record<FeedTab, number>> {
  const db = await getDb();
  const columns = Object.fromEntries(FEED_TABS.map((tab) => [tab, sql<number>`count(*) filter (where ${tabCondition(tab)})`.mapWith(Number)])) as Record<
    FeedTab,
    SQL.Aliased<number> | SQL<number>
  >;
  const [row] = await db.select(columns).from(packages).where(eq(packages.campaign_id, campaignId));
  return Object.fromEntries(FEED_TABS.map((tab) => [tab, Number(row?.[tab] ?? 0)])) as Record<FeedTab, number>;
}

/** A package of one of the brand's campaigns, or a 404. */
export async function findBrandPackage(brandUserId: number, packageId: number): Promise<PackageRow> {
  const db = await getDb();
  const [row] = await db
    .select({ p: packages })
    .from(packages)
    .innerJoin(campaigns, eq(campaigns.id, packages.campaign_id))
    .where(and(eq(packages.id, packageId), eq(campaigns.brand_user_id, brandUserId)));
  if (!row) throw notFound();
  return row.p;
}

/** One package of the brand's campaign, serialized. */
export async function getCampaignPackage(brandUserId: number, campaignId: number, packageId: number): Promise<FeedPackagePayload> {
  const pkg = await findBrandPackage(brandUserId, packageId);
  if (pkg.campaign_id !== campaignId) throw notFound();
  return (await serializePackagesForBrand([pkg]))[0]!;
}

/** The brand's packages across campaigns (GET /api/v0/packages), optionally of one campaign and tab. */
export async function listBrandPackages(brandUserId: number, query: FeedQuery & { campaign_id?: number }): Promise<Paginated<FeedPackagePayload>> {
  const db = await getDb();
  const where = and(
    eq(campaigns.brand_user_id, brandUserId),
    query.campaign_id ? eq(packages.campaign_id, query.campaign_id) : undefined,
    tabCondition(query.tab),
  );
  const after = order.after(query.cursor);
  const [read, [total]] = await Promise.all([
    db
      .select({ p: packages, cursor_key: order.key })
      .from(packages)
      .innerJoin(campaigns, eq(campaigns.id, packages.campaign_id))
      .where(and(where, after))
      .orderBy(...order.orderBy)
      .limit(query.per_page + 1)
      .offset(after ? 0 : (query.page - 1) * query.per_page),
    db.select({ n: count() }).from(packages).innerJoin(campaigns, eq(campaigns.id, packages.campaign_id)).where(where),
  ]);
  const { rows, next_cursor } = order.page(read, query.per_page);
  return withCursor(
    next_cursor,
    paginate(await serializePackagesForBrand(rows.map((r) => r.p)), Number(total?.n ?? 0), query.page, query.per_page, '/api/v0/packages', {
      tab: query.tab,
    }),
  );
}
