/**
 * Money demo data, made through the payments domain and its engine (the embedded test provider
 * unless Stripe is configured), so every demo figure is a sum of real ledger rows:
 * - the coupons LAUNCH20 (20 % off, once per brand) and WELCOME50 ($50 off a first hire), created by the admin coupon function;
 * - Trailhead Coffee Co. saves a Mastercard test card and funds the Autumn Roast hire of Second Wind
 *   Running ($900); the approved mid-roll is completed and its $400 released ($360 after the 10 % fee),
 *   the host-read waits for review ($450 pending);
 * - Ledger & Latte's Autumn Roast proposal (a $300 mid-roll and a two-episode host-read at $250 each)
 *   is hired and waits in Pending Hires, ready to be funded.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { getDb, ads, campaignAds, campaigns, hirings, opportunities, packageJobs, packages, podcasts, users } from '../db';
import { createHirings } from '../marketplace';
import { addCard, createCoupon, fundHirings } from '../payments';
import { transitionJob } from '../delivery';
import { loadSessionUser } from '../users';
import { openPackageDiscussion } from '../workrooms';
import { now as clockNow, today } from '../clock';
import { addDays } from '../../slots';

export const DEMO_COUPON = 'LAUNCH20';

/** Seeds the coupon, the funded and released Autumn Roast hire and a hire waiting for funding. */
export async function seedPayments(): Promise<void> {
  const db = await getDb();
  const [admin] = await db.select().from(users).where(eq(users.email, 'admin@cuepoint.test'));
  const [brandRow] = await db.select().from(users).where(eq(users.email, 'brand@cuepoint.test'));
  const brand = brandRow ? await loadSessionUser(brandRow.id) : null;
  if (!admin || !brand) return;
  // The demo coupons carry real rules: LAUNCH20 once per brand (500 uses, for a year); WELCOME50 $50 off a brand's first hire.
  const inAYear = new Date(clockNow().getTime() + 365 * 86_400_000).toISOString();
  await createCoupon(admin.id, {
    code: DEMO_COUPON,
    percent_off: 20,
    description: 'Launch offer',
    max_per_brand: 1,
    max_redemptions: 500,
    expires_at: inAYear,
  });
  await createCoupon(admin.id, {
    code: 'WELCOME50',
    amount_off: 5_000,
    description: 'Welcome offer for new brands',
    first_hire_only: true,
    max_per_brand: 1,
    expires_at: inAYear,
  });

  const card = await addCard(brand, { number: '5555 5555 5555 4444', exp_month: 8, exp_year: clockNow().getUTCFullYear() + 3, cvc: '321' });
  const [autumnHire] = await db
    .select()
    .from(hirings)
    .where(and(eq(hirings.brand_user_id, brand.id), eq(hirings.status, 'new')));
  if (autumnHire) {
    await fundHirings(brand, { hiring_ids: [autumnHire.id], card_id: card.id });
    const jobs = await db.select().from(packageJobs).where(inArray(packageJobs.id, autumnHire.job_ids));
    const midroll = jobs.find((j) => j.description.startsWith('Mid-roll'));
    const hostRead = jobs.find((j) => j.description.startsWith('Host-read'));
    await db.transaction(async (tx) => {
      // What the workroom shows: the mid-roll approved (completed, so released), the host-read in review.
      // (through delivery's job-status module: completing releases the fee)
      if (midroll) await transitionJob(tx, midroll.id, 'completed');
      if (hostRead) await transitionJob(tx, hostRead.id, 'in-review');
    });
  }
  await seedPendingHire(brand.id);
}

/** Ledger & Latte's proposal for Autumn Roast, hired by the brand and not funded yet. */
async function seedPendingHire(brandUserId: number): Promise<void> {
  const db = await getDb();
  const [podcast] = await db.select().from(podcasts).where(eq(podcasts.title, 'Ledger & Latte'));
  const [campaign] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.brand_user_id, brandUserId), eq(campaigns.title, 'Autumn Roast Launch')));
  if (!podcast || !campaign) return;
  const adRows = await db
    .select({ id: campaignAds.id, type: ads.type })
    .from(campaignAds)
    .innerJoin(ads, eq(ads.id, campaignAds.ad_id))
    .where(eq(campaignAds.campaign_id, campaign.id));
  const adOf = (type: 'sponsorship' | 'host') => adRows.find((a) => a.type === type)?.id ?? null;
  const day = (n: number) => addDays(today(), n);
  const hire = await db.transaction(async (tx) => {
    const [pkg] = await tx
      .insert(packages)
      .values({
        podcast_id: podcast.id,
        podcaster_user_id: podcast.user_id,
        campaign_id: campaign.id,
        status: 'pending',
        total_price: 80_000,
        description:
          '<p>Half my listeners run a café or a bakery. I would read Ember in the mid-roll of our pricing episode, then talk about my own morning cup over two weeks of host-reads.</p>',
      })
      .returning();
    const [midroll] = await tx
      .insert(packageJobs)
      .values({ package_id: pkg!.id, campaign_ad_id: adOf('sponsorship'), fee: 30_000, description: 'Mid-roll, pricing episode', delivery_date: day(9) })
      .returning();
    const [series] = await tx
      .insert(packageJobs)
      .values({ package_id: pkg!.id, campaign_ad_id: adOf('host'), fee: 25_000, episodes: 2, is_episode: false, description: 'Host-read, two mornings' })
      .returning();
    await tx.insert(packageJobs).values(
      [day(16), day(23)].map((date) => ({
        package_id: pkg!.id,
        campaign_ad_id: adOf('host'),
        fee: 25_000,
        parent_id: series!.id,
        description: 'Host-read, two mornings',
        delivery_date: date,
      })),
    );
    const [opp] = await tx
      .insert(opportunities)
      .values({ podcast_id: podcast.id, campaign_id: campaign.id, package_id: pkg!.id, status: 'proposed' })
      .onConflictDoUpdate({ target: [opportunities.podcast_id, opportunities.campaign_id], set: { package_id: pkg!.id, status: 'proposed' } })
      .returning();
    await openPackageDiscussion(tx, {
      packageId: pkg!.id,
      podcastId: podcast.id,
      campaignId: campaign.id,
      opportunityId: opp!.id,
      brandUserId,
      podcasterUserId: podcast.user_id,
      content: 'New proposal from Ledger & Latte. Sponsorship: 1 episode at $300 each; Host-Read: 2 episodes at $250 each. Total $800.',
    });
    return [midroll!.id, series!.id];
  });
  await createHirings(brandUserId, { job_ids: hire });
}
