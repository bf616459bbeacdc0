/** The proposal feed: a campaign's packages by tab, with the podcast, jobs, total and the brand's rates. */
import { and, asc, count, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { getDb } from '../db/client';
import { ads, campaignAds, campaigns, categories, discussions, hirings, packageJobs, packages, podcastCategories, podcasts, rates } from '../db/schema';
import { notFound } from '../http';
import { proposalTotal } from '../../proposal-total';
import { FEED_TABS, type FeedTab, type FeedPackageJobPayload, type FeedPackagePayload } from '../../campaign-types';
import { paginate, type Paginated } from '../../paginate';
import { findOwnedCampaign } from './find-campaign';
import type { PackageRow } from '../proposals/serialize-package';

export const feedQuery = z.object({
  tab: z.enum(FEED_TABS).default('new'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(50).default(10),
});
export type FeedQuery = z.infer<typeof feedQuery>;

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

/** Serializes packages for their brand (one query per relation). */
export async function serializePackagesForBrand(rows: PackageRow[]): Promise<FeedPackagePayload[]> {
  if (rows.length === 0) return [];
  const db = await getDb();
  const ids = rows.map((r) => r.id);
  const podcastIds = [...new Set(rows.map((r) => r.podcast_id))];
  const [pods, cats, jobs, rateRows, hires, rooms] = await Promise.all([
    db.select().from(podcasts).where(inArray(podcasts.id, podcastIds)),
    db
      .select({ podcast_id: podcastCategories.podcast_id, id: categories.id, title: categories.title })
      .from(podcastCategories)
      .innerJoin(categories, eq(categories.id, podcastCategories.category_id))
      .where(inArray(podcastCategories.podcast_id, podcastIds))
      .orderBy(asc(categories.title)),
    db
      .select({ job: packageJobs, ad_type: ads.type, ad_title: ads.title })
      .from(packageJobs)
      .leftJoin(campaignAds, eq(campaignAds.id, packageJobs.campaign_ad_id))
      .leftJoin(ads, eq(ads.id, campaignAds.ad_id))
      .where(inArray(packageJobs.package_id, ids))
      .orderBy(asc(packageJobs.id)),
    db.select().from(rates).where(inArray(rates.package_id, ids)),
    db
      .select({ package_id: hirings.package_id, job_ids: hirings.job_ids })
      .from(hirings)
      .where(and(inArray(hirings.package_id, ids), ne(hirings.status, 'cancelled'))),
    // Workrooms are addressed by their discussion id (/workrooms/package/{discussionId}).
    db
      .select({ id: discussions.id, package_id: discussions.package_id })
      .from(discussions)
      .where(and(inArray(discussions.package_id, ids), eq(discussions.type, 'package'))),
  ]);
  return rows.map((r) => {
    const pod = pods.find((p) => p.id === r.podcast_id)!;
    const hiredIds = new Set(hires.filter((h) => h.package_id === r.id).flatMap((h) => h.job_ids));
    const jobPayloads: FeedPackageJobPayload[] = jobs
      .filter((j) => j.job.package_id === r.id)
      .map(({ job, ad_type, ad_title }) => ({
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
      }));
    const rate = rateRows.find((x) => x.package_id === r.id);
    return {
      id: r.id,
      description: r.description,
      status: r.status,
      extended_status: r.extended_status,
      record_id: r.record_id,
      total_price: proposalTotal(jobPayloads),
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
        categories: cats.filter((c) => c.podcast_id === pod.id).map(({ id, title }) => ({ id, title })),
      },
      jobs: jobPayloads,
      workroom_link: ((room) => (room ? `/workrooms/package/${room.id}` : '/workrooms'))(rooms.find((d) => d.package_id === r.id)),
      created_at: r.created_at.toISOString(),
    };
  });
}

/** The feed of one of the brand's campaigns. */
export async function listCampaignPackages(brandUserId: number, campaignId: number, query: FeedQuery, path?: string): Promise<Paginated<FeedPackagePayload>> {
  await findOwnedCampaign(brandUserId, campaignId);
  const db = await getDb();
  const where = and(eq(packages.campaign_id, campaignId), tabCondition(query.tab));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(packages)
      .where(where)
      .orderBy(desc(packages.created_at), desc(packages.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ n: count() }).from(packages).where(where),
  ]);
  return paginate(
    await serializePackagesForBrand(rows),
    Number(total?.n ?? 0),
    query.page,
    query.per_page,
    path ?? `/api/campaigns/${campaignId}/packages`,
    query.tab === 'new' ? {} : { tab: query.tab },
  );
}

/** How many packages each feed tab holds. */
export async function countFeedTabs(campaignId: number): Promise<Record<FeedTab, number>> {
  const db = await getDb();
  const entries = await Promise.all(
    FEED_TABS.map(async (tab) => {
      const [row] = await db
        .select({ n: count() })
        .from(packages)
        .where(and(eq(packages.campaign_id, campaignId), tabCondition(tab)));
      return [tab, Number(row?.n ?? 0)] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<FeedTab, number>;
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
  const [rows, [total]] = await Promise.all([
    db
      .select({ p: packages })
      .from(packages)
      .innerJoin(campaigns, eq(campaigns.id, packages.campaign_id))
      .where(where)
      .orderBy(desc(packages.created_at), desc(packages.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ n: count() }).from(packages).innerJoin(campaigns, eq(campaigns.id, packages.campaign_id)).where(where),
  ]);
  return paginate(await serializePackagesForBrand(rows.map((r) => r.p)), Number(total?.n ?? 0), query.page, query.per_page, '/api/v0/packages', {
    tab: query.tab,
  });
}
