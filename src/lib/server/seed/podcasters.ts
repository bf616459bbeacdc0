/**
 * Podcaster demo data: the demo podcaster's weekly publishing schedule, one slot they marked
 * unavailable, and one proposal sent to Trailhead's "Cold Brew Kit Spring Push" with its workroom.
 */
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db';
import { ads, campaignAds, campaigns, opportunities, packageJobs, packages, podcasts, slots, users } from '../db';
import { openPackageDiscussion } from '../workrooms';
import { addDays, scheduledDays } from '../../slots';
import { today as clockToday } from '../clock';

/** Gives podcaster@cuepoint.test a Tuesday and Friday schedule and a pending proposal. */
export async function seedPodcasters(tx: Tx): Promise<void> {
  const [user] = await tx.select().from(users).where(eq(users.email, 'podcaster@cuepoint.test'));
  if (!user) return;
  const [podcast] = await tx.select().from(podcasts).where(eq(podcasts.user_id, user.id));
  const [campaign] = await tx.select().from(campaigns).where(eq(campaigns.title, 'Cold Brew Kit Spring Push'));
  if (!podcast || !campaign) return;
  // Second Wind Running keeps its calendar in Mountain time.
  const timeZone = 'America/Denver';
  const today = clockToday(timeZone);
  const schedule = { days: [2, 5], frequency: 1, start_from: addDays(today, -60) };
  await tx.update(podcasts).set({ schedule_settings: schedule, time_zone: timeZone }).where(eq(podcasts.id, podcast.id));
  const days = scheduledDays(schedule, addDays(today, 7), 3);
  // A race weekend away: the third scheduled day has no sponsorship slot.
  await tx.insert(slots).values({ podcast_id: podcast.id, type: 'sponsorship', date: days[2]!, status: 'unavailable' });

  const [hostAd] = await tx
    .select({ id: campaignAds.id })
    .from(campaignAds)
    .innerJoin(ads, eq(ads.id, campaignAds.ad_id))
    .where(and(eq(campaignAds.campaign_id, campaign.id), eq(ads.type, 'host')));
  if (!hostAd) return;
  const fee = 45_000;
  const [pkg] = await tx
    .insert(packages)
    .values({
      podcast_id: podcast.id,
      podcaster_user_id: user.id,
      campaign_id: campaign.id,
      status: 'pending',
      total_price: fee,
      description:
        '<p>I make cold brew every Sunday before my long run, so this kit fits how I already talk about coffee on the show.</p><p>I will read it in my own words in the mid-roll of our Coach Amani follow-up episode, and mention the link twice.</p>',
    })
    .returning();
  await tx.insert(packageJobs).values({ package_id: pkg!.id, campaign_ad_id: hostAd.id, fee, episodes: 1, is_episode: true, delivery_date: days[1]! });
  // The sponsorship may already have a chat (the workrooms seed): the proposal then continues that opportunity.
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
    brandUserId: campaign.brand_user_id,
    podcasterUserId: user.id,
    content: `New proposal from ${podcast.title}. Host-Read: 1 episode at $450 each. Total $450.`,
  });
}
