/**
 * Sponsorships (core §1, §3 opportunity): campaigns that are active, approved and submitted are
 * opportunities for every podcast; they fit when they share a category with it. Computed on read;
 * the opportunities row is created when the podcaster acts (feature, decline, propose).
 */
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { getDb } from '../db/client';
import { ads, brands, campaignAds, campaignCategories, campaigns, categories, opportunities, packages, podcastCategories } from '../db/schema';
import { notFound } from '../http';
import type { PodcastRow } from '../podcasts/list-podcasts';
import { loadPackages, type PackagePayload } from '../proposals/serialize-package';

export const SPONSORSHIP_TABS = ['others', 'not-fit', 'pending', 'declined'] as const;
export type SponsorshipTab = (typeof SPONSORSHIP_TABS)[number];

export interface CampaignAdPayload {
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
  ads: CampaignAdPayload[];
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

/** Serializes campaigns with brand, categories and ads. */
export async function serializeCampaigns(rows: CampaignRow[]): Promise<OpportunityCampaignPayload[]> {
  if (!rows.length) return [];
  const db = await getDb();
  const ids = rows.map((r) => r.id);
  const [brandRows, catRows, adRows] = await Promise.all([
    db
      .select()
      .from(brands)
      .where(
        inArray(
          brands.user_id,
          rows.map((r) => r.brand_user_id),
        ),
      ),
    db
      .select({ campaign_id: campaignCategories.campaign_id, id: categories.id, title: categories.title })
      .from(campaignCategories)
      .innerJoin(categories, eq(categories.id, campaignCategories.category_id))
      .where(inArray(campaignCategories.campaign_id, ids)),
    db.select({ ca: campaignAds, ad: ads }).from(campaignAds).innerJoin(ads, eq(ads.id, campaignAds.ad_id)).where(inArray(campaignAds.campaign_id, ids)),
  ]);
  return rows.map((c) => {
    const brand = brandRows.find((b) => b.user_id === c.brand_user_id);
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
      brand: { name: brand?.name ?? 'Brand', avatar_url: brand?.avatar_url ?? null, url: brand?.url ?? null },
      categories: catRows.filter((x) => x.campaign_id === c.id).map(({ id, title }) => ({ id, title })),
      ads: adRows
        .filter((x) => x.ca.campaign_id === c.id)
        .sort((a, b) => a.ad.sort - b.ad.sort)
        .map(({ ca, ad }) => ({
          id: ca.id,
          ad_id: ad.id,
          type: ad.type,
          title: ad.title,
          description: ca.description,
          podcaster_description: ad.podcaster_description,
        })),
      created_at: c.created_at.toISOString(),
    };
  });
}

/** Every sponsorship of a podcast (all tabs), newest campaign first, featured ones first. */
export async function allSponsorships(podcast: PodcastRow, search = ''): Promise<SponsorshipPayload[]> {
  const db = await getDb();
  const [rows, opps, pkgs, podcastCats] = await Promise.all([
    db.select().from(campaigns).where(openCampaignWhere()).orderBy(desc(campaigns.submitted_at), desc(campaigns.id)),
    db.select().from(opportunities).where(eq(opportunities.podcast_id, podcast.id)),
    db
      .select({ id: packages.id, campaign_id: packages.campaign_id, status: packages.status })
      .from(packages)
      .where(eq(packages.podcast_id, podcast.id))
      .orderBy(desc(packages.id)),
    db.select({ id: podcastCategories.category_id }).from(podcastCategories).where(eq(podcastCategories.podcast_id, podcast.id)),
  ]);
  const myCats = new Set([...podcastCats.map((c) => c.id), ...(podcast.category_id ? [podcast.category_id] : [])]);
  // Packages that count: the live one (pending or hired) of each campaign.
  const livePkg = new Map<number, number>();
  for (const p of pkgs) if ((p.status === 'pending' || p.status === 'hired') && !livePkg.has(p.campaign_id)) livePkg.set(p.campaign_id, p.id);
  // Campaigns already hired keep showing to this podcast even if no longer open.
  const campaignsSerialized = await serializeCampaigns(rows);
  const term = search.trim().toLowerCase();
  const packagePayloads = new Map((await loadPackages([...livePkg.values()])).map((p) => [p.id, p]));
  const out: SponsorshipPayload[] = [];
  for (const campaign of campaignsSerialized) {
    if (term && !`${campaign.title} ${campaign.description} ${campaign.brand.name}`.toLowerCase().includes(term)) continue;
    const opp = opps.find((o) => o.campaign_id === campaign.id) ?? null;
    const pkgId = livePkg.get(campaign.id) ?? null;
    const pkg = pkgId ? (packagePayloads.get(pkgId) ?? null) : null;
    const fit = campaign.categories.some((c) => myCats.has(c.id));
    const status: SponsorshipPayload['status'] =
      pkg?.status === 'hired' ? 'hired' : pkg ? 'proposed' : opp?.status === 'declined' ? 'declined' : opp?.status === 'cancelled' ? 'cancelled' : 'open';
    const tab: SponsorshipPayload['tab'] =
      status === 'hired' ? 'hired' : status === 'proposed' ? 'pending' : status === 'declined' ? 'declined' : fit ? 'others' : 'not-fit';
    out.push({
      id: opp?.id ?? null,
      podcast_id: podcast.id,
      campaign_id: campaign.id,
      package_id: pkg?.id ?? null,
      status,
      is_featured: opp?.is_featured ?? false,
      fit,
      tab,
      campaign,
      package: pkg,
    });
  }
  return out.sort((a, b) => Number(b.is_featured) - Number(a.is_featured));
}

/** The counts of the tabs (GET /api/sponsorships-count). */
export function countSponsorships(all: SponsorshipPayload[]) {
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
  const found = (await allSponsorships(podcast)).find((s) => s.campaign_id === campaignId);
  if (!found) throw notFound();
  return found;
}
