/** The package (proposal) payload of §3 with its jobs; shared by the podcaster's and the brand's screens. */
import { type AnyColumn, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, getDb, ads, campaignAds, campaigns, packageJobs, packages, podcasts, rowFromJson } from '../../db';
import { proposalTotal } from '../../../proposal-total';

export type PackageRow = typeof packages.$inferSelect;
export type PackageJobRow = typeof packageJobs.$inferSelect;

export interface PackageJobPayload {
  id: number;
  description: string;
  status: PackageJobRow['status'];
  fee: number;
  campaign_ad_id: number | null;
  package_id: number;
  is_episode: boolean;
  episodes: number;
  parent_id: number | null;
  is_funded: boolean;
  is_slot_available: boolean;
  has_reject_deliverable: boolean;
  delivery_date: string | null;
  /** The ad this job delivers: its type and label. */
  ad: { id: number; type: 'sponsorship' | 'host'; title: string } | null;
}

export interface PackagePayload {
  id: number;
  description: string;
  status: PackageRow['status'];
  extended_status: string | null;
  record_id: string | null;
  total_price: number;
  podcast_id: number;
  podcaster_user_id: number;
  campaign_id: number;
  starred: boolean;
  created_at: string;
  updated_at: string;
  jobs: PackageJobPayload[];
  podcast: { id: number; hash_id: string; title: string; avatar_url: string | null; avg_listens: number; rating_avg: number; is_premium: boolean } | null;
}

export type JobWithAd = { job: PackageJobRow; ad: { id: number; type: 'sponsorship' | 'host'; title: string } | null };

/** Serializes a package with its jobs (each with its ad) and podcast. */
export function serializePackage(pkg: PackageRow, jobs: JobWithAd[], podcast: PackagePayload['podcast'] = null): PackagePayload {
  return {
    id: pkg.id,
    description: pkg.description,
    status: pkg.status,
    extended_status: pkg.extended_status,
    record_id: pkg.record_id,
    total_price: proposalTotal(jobs.map((j) => j.job)),
    podcast_id: pkg.podcast_id,
    podcaster_user_id: pkg.podcaster_user_id,
    campaign_id: pkg.campaign_id,
    starred: pkg.starred,
    created_at: pkg.created_at.toISOString(),
    updated_at: pkg.updated_at.toISOString(),
    jobs: jobs.map(({ job, ad }) => ({
      id: job.id,
      description: job.description,
      status: job.status,
      fee: job.fee,
      campaign_ad_id: job.campaign_ad_id,
      package_id: job.package_id,
      is_episode: job.is_episode,
      episodes: job.episodes,
      parent_id: job.parent_id,
      is_funded: job.is_funded,
      is_slot_available: job.is_slot_available,
      has_reject_deliverable: job.has_reject_deliverable,
      delivery_date: job.delivery_date,
      ad,
    })),
    podcast,
  };
}

/** A package's jobs as packageJobsSql() builds them: each job's row as JSON, with its ad. */
export type JobsJson = Array<{ job: Record<string, unknown>; ad: JobWithAd['ad'] }>;

/** The jobs (in id order, each with its ad) of the package whose id is `packageId`, as one JSON expression. */
export function packageJobsSql(packageId: SQL | AnyColumn): SQL<JobsJson> {
  return sql<JobsJson>`(
    select coalesce(json_agg(json_build_object(
        'job', to_json(j),
        'ad', case when a.id is null then null else json_build_object('id', a.id, 'type', a.type, 'title', a.title) end) order by j.id), '[]')
    from ${packageJobs} j
      left join ${campaignAds} ca on ca.id = j.campaign_ad_id
      left join ${ads} a on a.id = ca.ad_id
    where j.package_id = ${packageId})`;
}

/** packageJobsSql()'s JSON as serializePackage() takes it. */
export function jobsFromJson(jobs: JobsJson): JobWithAd[] {
  return jobs.map((j) => ({ job: rowFromJson(packageJobs, j.job), ad: j.ad }));
}

/** What a package payload shows of its podcast. */
export function packagePodcast(podcast: typeof podcasts.$inferSelect): NonNullable<PackagePayload['podcast']> {
  return {
    id: podcast.id,
    hash_id: podcast.hash_id,
    title: podcast.title,
    avatar_url: podcast.avatar_url,
    avg_listens: podcast.avg_listens,
    rating_avg: podcast.rating_avg,
    is_premium: podcast.is_premium,
  };
}

/**
 * Packages with their podcast, their campaign's title and their jobs, in one statement: each row as
 * JSON (every column named), so the statement can also be nested in another.
 */
function readPackages(db: Db, where: SQL | undefined) {
  return db
    .select({
      pkg: sql<Record<string, unknown>>`to_json(${packages})`.as('pkg'),
      podcast: sql<Record<string, unknown>>`to_json(${podcasts})`.as('podcast'),
      campaign_title: sql<string | null>`${campaigns.title}`.as('campaign_title'),
      jobs: packageJobsSql(packages.id).as('jobs'),
    })
    .from(packages)
    .innerJoin(podcasts, eq(podcasts.id, packages.podcast_id))
    .leftJoin(campaigns, eq(campaigns.id, packages.campaign_id))
    .where(where)
    .$dynamic();
}

export type ReadPackage = Awaited<ReturnType<typeof readPackages>>[number];

function serializeRead({ pkg, podcast, jobs }: ReadPackage): PackagePayload {
  return serializePackage(rowFromJson(packages, pkg), jobsFromJson(jobs), packagePodcast(rowFromJson(podcasts, podcast)));
}

/** Packages by id, serialized with their jobs and podcast, in the order of `ids` (one statement). */
export async function loadPackages(ids: number[]): Promise<PackagePayload[]> {
  if (!ids.length) return [];
  const rows = await readPackages(await getDb(), inArray(packages.id, ids));
  const byId = new Map(rows.map((r) => [r.pkg.id as number, r]));
  return ids
    .map((id) => byId.get(id))
    .filter((r): r is NonNullable<typeof r> => !!r)
    .map(serializeRead);
}

/** The statement of recentPackages() (rows as readPackages reads them). */
export function recentPackagesQuery(db: Db, where: SQL, limit: number) {
  return readPackages(db, where).orderBy(desc(packages.updated_at), desc(packages.id)).limit(limit);
}

/** recentPackages()'s answer from its statement's rows. */
export function recentPackagesFrom(rows: ReadPackage[]): Array<PackagePayload & { campaign_title: string }> {
  return rows.map((r) => ({ ...serializeRead(r), campaign_title: r.campaign_title ?? '' }));
}

/** The packages a filter matches, most recently updated first, each with its campaign's title (one statement). */
export async function recentPackages(where: SQL, limit: number): Promise<Array<PackagePayload & { campaign_title: string }>> {
  return recentPackagesFrom(await recentPackagesQuery(await getDb(), where, limit));
}

/** One package, serialized, or null. */
export async function loadPackage(id: number): Promise<PackagePayload | null> {
  return (await loadPackages([id]))[0] ?? null;
}
