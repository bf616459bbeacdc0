/** The package (proposal) payload of §3 with its jobs; shared by the podcaster's and the brand's screens. */
import { asc, eq, inArray } from 'drizzle-orm';
import { getDb } from '../db/client';
import { proposalTotal } from '../../proposal-total';
import { ads, campaignAds, packageJobs, packages, podcasts } from '../db/schema';

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

/** Loads and serializes packages by id (jobs ordered by id), keeping the order given. */
export async function loadPackages(ids: number[]): Promise<PackagePayload[]> {
  if (!ids.length) return [];
  const db = await getDb();
  const [pkgs, jobs] = await Promise.all([
    db.select({ pkg: packages, podcast: podcasts }).from(packages).innerJoin(podcasts, eq(podcasts.id, packages.podcast_id)).where(inArray(packages.id, ids)),
    db
      .select({ job: packageJobs, ad: { id: ads.id, type: ads.type, title: ads.title } })
      .from(packageJobs)
      .leftJoin(campaignAds, eq(campaignAds.id, packageJobs.campaign_ad_id))
      .leftJoin(ads, eq(ads.id, campaignAds.ad_id))
      .where(inArray(packageJobs.package_id, ids))
      .orderBy(asc(packageJobs.id)),
  ]);
  const byId = new Map(pkgs.map((p) => [p.pkg.id, p]));
  return ids
    .map((id) => byId.get(id))
    .filter((p): p is NonNullable<typeof p> => !!p)
    .map(({ pkg, podcast }) =>
      serializePackage(
        pkg,
        jobs.filter((j) => j.job.package_id === pkg.id).map((j) => ({ job: j.job, ad: j.ad?.id ? (j.ad as JobWithAd['ad']) : null })),
        {
          id: podcast.id,
          hash_id: podcast.hash_id,
          title: podcast.title,
          avatar_url: podcast.avatar_url,
          avg_listens: podcast.avg_listens,
          rating_avg: podcast.rating_avg,
          is_premium: podcast.is_premium,
        },
      ),
    );
}

/** One package, serialized, or null. */
export async function loadPackage(id: number): Promise<PackagePayload | null> {
  return (await loadPackages([id]))[0] ?? null;
}
