/**
 * Delivery demo data (issue 12), made through the domains: Northwind Bikes' "Gravel Season Giveaway"
 * hires Saltmarsh Radio (live@cuepoint.test) for a sponsorship; the hire is funded, Ada submits the ad
 * (generated speech) and the brand approves it; the episode it aired in is one Saltmarsh publishes on
 * Cuepoint itself right after (an episode published before the approval could not carry it), and the
 * listener really finds the ad in that episode's audio: the workroom says where it starts and how much
 * of the ad it heard, the job is completed and its fee released. Works offline.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import { now as clockNow } from '../clock';
import { getDb, ads, campaignAds, campaigns, opportunities, packageJobs, packages, podcasts } from '../db';
import { encodeMp3, linkEpisode, runAirCheck, concat, GUEST_VOICE, HOST_VOICE, mix, speech, SYNTH_RATE, wav } from '../delivery';
import { createHirings } from '../marketplace';
import { addEpisodeFromFile } from '../hosting';
import { addCard, fundHirings } from '../payments';
import { loadSessionUser } from '../users';
import { reviewDeliverable, submitDeliverable, openPackageDiscussion } from '../workrooms';

const DAY = 86_400_000;

/** Seeds the verified Saltmarsh Radio sponsorship; nothing when the demo rows it builds on are missing. */
export async function seedDelivery(now = clockNow()): Promise<void> {
  const db = await getDb();
  const [show] = await db.select().from(podcasts).where(eq(podcasts.title, 'Saltmarsh Radio'));
  const [campaign] = await db.select().from(campaigns).where(eq(campaigns.title, 'Gravel Season Giveaway'));
  if (!show || !campaign) return;
  const [ad] = await db
    .select({ id: campaignAds.id })
    .from(campaignAds)
    .innerJoin(ads, eq(ads.id, campaignAds.ad_id))
    .where(and(eq(campaignAds.campaign_id, campaign.id), eq(ads.type, 'sponsorship')));
  const brand = await loadSessionUser(campaign.brand_user_id);
  const podcaster = await loadSessionUser(show.user_id);
  if (!ad || !brand || !podcaster) return;
  const fee = 30_000;

  // The proposal, as the proposal wizard writes it.
  const jobId = await db.transaction(async (tx) => {
    const [pkg] = await tx
      .insert(packages)
      .values({
        podcast_id: show.id,
        podcaster_user_id: show.user_id,
        campaign_id: campaign.id,
        total_price: fee,
        description: '<p>Our tide-pool episodes have a lot of riders listening: a 20-second read before the main segment.</p>',
        created_at: new Date(now.getTime() - 12 * DAY),
      })
      .returning();
    const [job] = await tx
      .insert(packageJobs)
      .values({
        package_id: pkg!.id,
        campaign_ad_id: ad.id,
        description: 'Pre-segment sponsorship, 20 seconds',
        fee,
        delivery_date: clockNow().toISOString().slice(0, 10),
      })
      .returning();
    const [opp] = await tx
      .insert(opportunities)
      .values({ podcast_id: show.id, campaign_id: campaign.id, package_id: pkg!.id, status: 'proposed' })
      .onConflictDoUpdate({ target: [opportunities.podcast_id, opportunities.campaign_id], set: { package_id: pkg!.id, status: 'proposed' } })
      .returning();
    await openPackageDiscussion(tx, {
      packageId: pkg!.id,
      podcastId: show.id,
      campaignId: campaign.id,
      opportunityId: opp!.id,
      brandUserId: campaign.brand_user_id,
      podcasterUserId: show.user_id,
      content: `New proposal from ${show.title}. Sponsorship: 1 episode at $300 each. Total $300.`,
    });
    return job!.id;
  });

  // Hired and funded by the brand.
  const [hiring] = await createHirings(brand.id, { job_ids: [jobId] });
  const card = await addCard(brand, { number: '4242 4242 4242 4242', exp_month: 11, exp_year: now.getUTCFullYear() + 3, cvc: '123' });
  if (!hiring) return;
  await fundHirings(brand, { hiring_ids: [hiring.id], card_id: card.id });

  // The ad (generated speech read by Ada), submitted and approved; then the episode it aired in, on Cuepoint.
  const dir = mkdtempSync(join(tmpdir(), 'cuepoint-seed-delivery-'));
  try {
    const adAudio = speech(HOST_VOICE, 20, 2026);
    const intro = speech(HOST_VOICE, 74, 31);
    await encodeMp3(wav(adAudio), 128, join(dir, 'ad.mp3'));
    const episodeAudio = concat([intro, mix(adAudio, 0.8, 0.003), speech(GUEST_VOICE, 60, 32), speech(HOST_VOICE, 30, 33)]);
    await encodeMp3(wav(episodeAudio), 64, join(dir, 'episode.mp3'));
    const file = new File([await readFile(join(dir, 'ad.mp3'))], 'gravel-season-ad.mp3', { type: 'audio/mpeg' });
    const { deliverable } = await submitDeliverable(podcaster, jobId, { content: 'The Gravel Season read, recorded this morning.', uploads: [file] });
    await reviewDeliverable(brand, deliverable.id, 'approved');
    const episode = await addEpisodeFromFile(
      show,
      {
        title: 'Tide Pools at Dawn, with a Gravel Season Giveaway',
        description: '<p>What lives in the pools the tide leaves behind, and how it survives the afternoon sun.</p>',
        // Published once the ad is approved: the proof rule accepts an episode of that day or later.
        published_at: clockNow(),
        season: null,
        episode_number: null,
        episode_type: 'full',
        explicit: false,
        status: 'current',
      },
      { path: join(dir, 'episode.mp3'), seconds: Math.round(episodeAudio.length / SYNTH_RATE) },
    );
    // Ada links it; the listener runs here rather than waiting for the queue, so the demo is complete at once.
    const check = await linkEpisode(podcaster, deliverable.id, { episode_id: episode.id });
    await runAirCheck(check.id);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
