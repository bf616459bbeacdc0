/** Builders for campaigns and proposals (packages with jobs): real rows through the server's database handle. */
import { eq } from 'drizzle-orm';
import { getDb } from '../../src/lib/server/db/client';
import { ads, campaignAds, campaigns, packageJobs, packages, podcasts } from '../../src/lib/server/db/schema';
import { broadcast } from '../../src/lib/server/realtime/realtime';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** An approved, active campaign of the brand with both ad types. */
export async function seedCampaign(brandUserId: number, options: { title?: string; approved?: boolean } = {}) {
  const db = await getDb();
  const [campaign] = await db
    .insert(campaigns)
    .values({
      brand_user_id: brandUserId,
      title: options.title ?? 'Spring Launch',
      description: 'A new roast for spring.',
      url: 'https://shop.example.com/spring',
      budget: 500_000,
      duration: 30,
      delivery_date: inDays(30),
      is_approved: options.approved ?? true,
      submitted_at: new Date(),
      status: 'active',
    })
    .returning();
  const adRows = await db.select().from(ads);
  const cads = await db
    .insert(campaignAds)
    .values(adRows.map((a) => ({ campaign_id: campaign!.id, ad_id: a.id, description: `Say it as a ${a.title}` })))
    .returning();
  return { campaign: campaign!, campaignAds: cads };
}

export interface ProposalJob {
  fee: number;
  description?: string;
  episodes?: number;
  type?: 'sponsorship' | 'host';
}

/**
 * A podcaster's proposal for a campaign: the package, its jobs, and the realtime `package.created`
 * event on the brand's channel (what the proposal wizard publishes).
 */
export async function seedProposal(
  campaignId: number,
  podcastId: number,
  jobs: ProposalJob[],
  options: { description?: string; totalPrice?: number | null } = {},
) {
  const db = await getDb();
  const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, campaignId));
  const [podcast] = await db.select().from(podcasts).where(eq(podcasts.id, podcastId));
  const cads = await db
    .select({ id: campaignAds.id, type: ads.type })
    .from(campaignAds)
    .innerJoin(ads, eq(ads.id, campaignAds.ad_id))
    .where(eq(campaignAds.campaign_id, campaignId));
  const [pkg] = await db
    .insert(packages)
    .values({
      campaign_id: campaignId,
      podcast_id: podcastId,
      podcaster_user_id: podcast!.user_id,
      description: options.description ?? 'We would love to tell our listeners about this.',
      total_price: options.totalPrice ?? null,
    })
    .returning();
  const jobRows = await db
    .insert(packageJobs)
    .values(
      jobs.map((j, i) => ({
        package_id: pkg!.id,
        fee: j.fee,
        description: j.description ?? `Item ${i + 1}`,
        episodes: j.episodes ?? 1,
        campaign_ad_id: cads.find((c) => c.type === (j.type ?? 'sponsorship'))?.id ?? null,
        delivery_date: inDays(20 + i),
      })),
    )
    .returning();
  await broadcast(`private-users.${campaign!.brand_user_id}`, 'package.created', { id: pkg!.id, campaign_id: campaignId });
  return { pkg: pkg!, jobs: jobRows };
}
