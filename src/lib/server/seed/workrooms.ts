/**
 * Demo workrooms: Trailhead Coffee Co. (brand@cuepoint.test) and Second Wind Running
 * (podcaster@cuepoint.test) talk about the Autumn Roast launch (a hired package with a brief, one ad
 * approved and one ad waiting for the brand's review) and the Cold Brew Kit sponsorship.
 */
import { wavFile } from '../file-formats';
import { onePagePdf } from './pdf';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db';
import { now as clockNow } from '../clock';
import {
  ads,
  campaignAds,
  campaigns,
  deliverables,
  discussionUsers,
  discussions,
  files,
  messageViews,
  messages,
  opportunities,
  packageJobs,
  packages,
  podcasts,
  users,
} from '../db';
import { randomToken } from '../crypto';
import { storage } from '../storage';
import { touchActivity } from '../workrooms';

const minutesAgo = (m: number) => new Date(clockNow().getTime() - m * 60_000);

/** A short, valid WAV: a soft two-tone chime, so the audio player has something real to play. */
function chimeWav(seconds = 3, rate = 8000): Buffer {
  const samples = new Float32Array(seconds * rate);
  for (let i = 0; i < samples.length; i++) {
    const t = i / rate;
    const f = t < seconds / 2 ? 523.25 : 659.25;
    const envelope = Math.exp(-3 * (t % (seconds / 2)));
    samples[i] = Math.sin(2 * Math.PI * f * t) * 0.275 * envelope;
  }
  return wavFile(samples, rate);
}

/** Seeds the demo brand's and podcaster's workrooms. */
export async function seedWorkrooms(tx: Tx): Promise<void> {
  const [brand] = await tx.select().from(users).where(eq(users.email, 'brand@cuepoint.test'));
  const [podcaster] = await tx.select().from(users).where(eq(users.email, 'podcaster@cuepoint.test'));
  if (!brand || !podcaster) return;
  const [show] = await tx.select().from(podcasts).where(eq(podcasts.user_id, podcaster.id));
  const [autumn] = await tx
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.brand_user_id, brand.id), eq(campaigns.title, 'Autumn Roast Launch')));
  const [coldBrew] = await tx
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.brand_user_id, brand.id), eq(campaigns.title, 'Cold Brew Kit Spring Push')));
  if (!show || !autumn || !coldBrew) return;
  const adRows = await tx
    .select({ id: campaignAds.id, type: ads.type })
    .from(campaignAds)
    .innerJoin(ads, eq(ads.id, campaignAds.ad_id))
    .where(eq(campaignAds.campaign_id, autumn.id));
  const adOf = (type: 'sponsorship' | 'host') => adRows.find((a) => a.type === type)?.id ?? null;

  const store = await storage();
  const file = async (userId: number, original: string, mime: string, bytes: Buffer, at: Date, duration: number | null = null) => {
    const name = `${randomToken(12)}-${original}`;
    await store.put(`workrooms/${name}`, bytes);
    const [row] = await tx
      .insert(files)
      .values({
        user_id: userId,
        name: original,
        original_name: original,
        path: `workrooms/${name}`,
        url: '',
        size: bytes.length,
        mime,
        duration,
        transcoding_status: duration ? 'completed' : null,
        reference_type: 'discussion',
        created_at: at,
      })
      .returning({ id: files.id });
    await tx
      .update(files)
      .set({ url: `/api/file/${row!.id}` })
      .where(eq(files.id, row!.id));
    return row!.id;
  };

  // The Autumn Roast package: hired, a mid-roll already approved, a host-read waiting for review.
  const [pkg] = await tx
    .insert(packages)
    .values({
      description: 'Two Ember spots in October: a produced mid-roll and a host-read from my morning long run.',
      status: 'hired',
      total_price: 90_000,
      podcast_id: show.id,
      podcaster_user_id: podcaster.id,
      campaign_id: autumn.id,
      created_at: minutesAgo(60 * 24 * 6),
    })
    .returning();
  await tx
    .insert(opportunities)
    .values({ podcast_id: show.id, campaign_id: autumn.id, package_id: pkg!.id, status: 'hired', created_at: minutesAgo(60 * 24 * 7) });
  const [midroll] = await tx
    .insert(packageJobs)
    .values({
      description: 'Mid-roll sponsorship, 60 seconds',
      // Funded, then completed and released by the payments seed (seed/payments.ts), through the payment engine.
      status: 'pending',
      fee: 40_000,
      campaign_ad_id: adOf('sponsorship'),
      package_id: pkg!.id,
      delivery_date: minutesAgo(60 * 24 * 2)
        .toISOString()
        .slice(0, 10),
    })
    .returning();
  const [hostRead] = await tx
    .insert(packageJobs)
    .values({
      description: 'Host-read, morning routine',
      status: 'pending',
      fee: 50_000,
      campaign_ad_id: adOf('host'),
      package_id: pkg!.id,
      delivery_date: minutesAgo(-60 * 24 * 5)
        .toISOString()
        .slice(0, 10),
    })
    .returning();

  const [room] = await tx
    .insert(discussions)
    .values({ type: 'package', package_id: pkg!.id, podcast_id: show.id, campaign_id: autumn.id, created_at: minutesAgo(60 * 24 * 6) })
    .returning();
  await tx.insert(discussionUsers).values([
    { discussion_id: room!.id, user_id: brand.id, last_read_at: minutesAgo(60 * 3) },
    { discussion_id: room!.id, user_id: podcaster.id, last_read_at: minutesAgo(20) },
  ]);
  const say = async (minutes: number, userId: number | null, content: string, extra: Partial<typeof messages.$inferInsert> = {}) => {
    const [m] = await tx
      .insert(messages)
      .values({ discussion_id: room!.id, user_id: userId, content, created_at: minutesAgo(minutes), updated_at: minutesAgo(minutes), ...extra })
      .returning();
    return m!;
  };
  const brief = await file(
    brand.id,
    'Ember-autumn-roast-brief.pdf',
    'application/pdf',
    onePagePdf([
      'Ember autumn roast - ad brief',
      'Tasting notes: toasted pecan, dark cherry, cocoa',
      'Offer: code WIND15 for 15% off the first bag',
      'Link: trailheadcoffee.example/autumn-roast',
    ]),
    minutesAgo(60 * 24 * 5 + 50),
  );
  const approvedAudio = await file(podcaster.id, 'second-wind-ember-midroll.wav', 'audio/wav', chimeWav(), minutesAgo(60 * 24 * 3), 3);
  const reviewAudio = await file(podcaster.id, 'second-wind-ember-host-read.wav', 'audio/wav', chimeWav(4), minutesAgo(60 * 4), 4);

  await say(60 * 24 * 6, null, 'Jordan Reyes sent a proposal: a 60-second mid-roll and a host-read in October, $900 in total.', { type: 'proposal-details' });
  await say(
    60 * 24 * 5 + 55,
    brand.id,
    'Hi Jordan! We love the idea of Ember showing up in your long-run mornings. Hired. Here is the brief with the tasting notes and the code.',
  );
  await say(60 * 24 * 5 + 50, brand.id, '', { content_files_ids: [brief] });
  await say(
    60 * 24 * 5 + 20,
    podcaster.id,
    'Thanks Maya! I brewed a bag this weekend; the dark cherry really comes through as it cools. I’ll record the mid-roll Thursday.',
  );
  const [d1] = await tx
    .insert(deliverables)
    .values({
      package_job_id: midroll!.id,
      status: 'accepted',
      reference_type: 'file',
      reference_id: approvedAudio,
      created_at: minutesAgo(60 * 24 * 3),
      updated_at: minutesAgo(60 * 24 * 2),
      approved_at: minutesAgo(60 * 24 * 2 + 29),
    })
    .returning();
  const m1 = await say(60 * 24 * 3, podcaster.id, 'Here is the mid-roll for episode 212, ready for your review.', {
    type: 'ad-review',
    deliverable_id: d1!.id,
    content_files_ids: [approvedAudio],
  });
  await tx.update(deliverables).set({ reply_id: m1.id }).where(eq(deliverables.id, d1!.id));
  await say(60 * 24 * 2 + 30, brand.id, 'This is great, the bit about the cold start at mile one made us laugh. Approving now.');
  await say(60 * 24 * 2 + 29, null, 'Trailhead Coffee Co. approved the ad. It now appears in Completed Ads.');
  await say(60 * 24 + 10, podcaster.id, 'The episode went out this morning. I’ll send the host-read once I record it on Saturday’s long run.');
  const [d2] = await tx
    .insert(deliverables)
    .values({ package_job_id: hostRead!.id, status: 'pending', reference_type: 'file', reference_id: reviewAudio, created_at: minutesAgo(60 * 4) })
    .returning();
  const m2 = await say(60 * 4, podcaster.id, 'Host-read for the morning-routine segment. I kept the code WIND15 near the end like we discussed.', {
    type: 'ad-review',
    deliverable_id: d2!.id,
    content_files_ids: [reviewAudio],
  });
  await tx.update(deliverables).set({ reply_id: m2.id }).where(eq(deliverables.id, d2!.id));
  await tx.update(discussions).set({ last_message_id: m2.id }).where(eq(discussions.id, room!.id));
  await touchActivity(room!.id, tx);
  await tx.insert(messageViews).values([{ message_id: m1.id, user_id: brand.id }]);

  // The Cold Brew sponsorship: the podcaster asks a question before proposing.
  const [opp] = await tx
    .insert(opportunities)
    .values({ podcast_id: show.id, campaign_id: coldBrew.id, status: 'open', created_at: minutesAgo(60 * 30) })
    .returning();
  const [talk] = await tx
    .insert(discussions)
    .values({ type: 'sponsorship', opportunity_id: opp!.id, podcast_id: show.id, campaign_id: coldBrew.id, created_at: minutesAgo(60 * 28) })
    .returning();
  await tx.insert(discussionUsers).values([
    { discussion_id: talk!.id, user_id: brand.id, last_read_at: minutesAgo(60 * 26) },
    { discussion_id: talk!.id, user_id: podcaster.id, last_read_at: minutesAgo(60 * 25) },
  ]);
  const q1 = await tx
    .insert(messages)
    .values({
      discussion_id: talk!.id,
      user_id: podcaster.id,
      content: 'Hi! Before I propose: would you want the cold brew spot in our race-week episodes? Those go out the Tuesday before the Portland Marathon.',
      created_at: minutesAgo(60 * 28),
    })
    .returning();
  const q2 = await tx
    .insert(messages)
    .values({
      discussion_id: talk!.id,
      user_id: brand.id,
      content: 'Race week would be perfect. Mention that one jar makes a week of coffee, that is what runners ask us about most.',
      created_at: minutesAgo(60 * 26),
    })
    .returning();
  await tx.insert(messageViews).values([
    { message_id: q1[0]!.id, user_id: brand.id },
    { message_id: q2[0]!.id, user_id: podcaster.id },
  ]);
  await tx.update(discussions).set({ last_message_id: q2[0]!.id }).where(eq(discussions.id, talk!.id));
  await touchActivity(talk!.id, tx);
}
