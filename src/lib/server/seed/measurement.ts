/**
 * Measurement demo data, made by the real pipeline: a month of synthetic podcast-app requests for
 * Small Batch Science (which measures through the prefix) goes into the request log and through the
 * counter; visits of Trailhead Coffee's shop go through the collect endpoint's function and the matcher.
 * So every demo chart and figure is the counter's and the matcher's arithmetic.
 *
 * Trailhead's Autumn Roast has two aired ads: Second Wind Running's mid-roll in its latest episode (the
 * show has not linked its feed to the prefix yet, so its approved manual stats fill in) and a sponsorship
 * hired, funded and released from Small Batch Science, in its sourdough episode. Runs after the payments
 * seed (the brand's saved card, the funded and completed Second Wind mid-roll).
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import { config } from '../config';
import { now as clockNow } from '../clock';
import {
  getDb,
  ads,
  analyticsConnections,
  attributionSites,
  campaignAds,
  campaigns,
  cards,
  episodes,
  opportunities,
  packageJobs,
  packages,
  podcasts,
  users,
} from '../db';
import { createHirings } from '../marketplace';
import { fundHirings } from '../payments';
import { transitionJob, updateJobFields } from '../delivery';
import { loadSessionUser } from '../users';
import { audioKey, countryOf, runMeasurement, flushRequestLog, logRequest, collectEvent, recountSites } from '../measurement';
import { openPackageDiscussion } from '../workrooms';

const DAY_MS = 86_400_000;
const daysAgo = (n: number) => new Date(clockNow().getTime() - n * DAY_MS);

/** A small seeded generator, so every install gets the same demo numbers. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(weighted: Array<[T, number]>): T => {
    const total = weighted.reduce((s, [, w]) => s + w, 0);
    let r = next() * total;
    for (const [v, w] of weighted) {
      r -= w;
      if (r < 0) return v;
    }
    return weighted.at(-1)![0];
  };
  return { next, pick };
}

const IPHONE = (v: string) => `AppleCoreMedia/1.0.0.21E236 (iPhone; U; CPU OS ${v} like Mac OS X; en_us)`;
/** Podcast apps as they introduce themselves, with how often each is heard, and the browser their household visits from. */
const APPS: Array<[{ ua: string; browser: string }, number]> = [
  [{ ua: IPHONE('17_4_1'), browser: 'iphone' }, 24],
  [{ ua: IPHONE('16_7_8'), browser: 'iphone' }, 10],
  [{ ua: 'AppleCoreMedia/1.0.0.21E236 (iPad; U; CPU OS 17_4_1 like Mac OS X; en_us)', browser: 'ipad' }, 3],
  [{ ua: 'AppleCoreMedia/1.0.0.21T216 (Apple Watch; U; CPU OS 10_4 like Mac OS X; en_us)', browser: 'iphone' }, 2],
  [{ ua: 'Podcasts/1.1.0.138 CFNetwork/1494.0.7 Darwin/23.4.0 (x86_64)', browser: 'mac' }, 3],
  [{ ua: 'Spotify/8.9.32 iOS/17.4.1 (iPhone15,2)', browser: 'iphone' }, 12],
  [{ ua: 'Spotify/8.9.32.524 Android/34 (SM-S918B)', browser: 'android' }, 11],
  [{ ua: 'Overcast/3.0 (+http://overcast.fm/; iOS podcast app)', browser: 'iphone' }, 7],
  [{ ua: 'PocketCasts/1.0 (Pocket Casts - Android v7.57; +https://pocketcasts.com/)', browser: 'android' }, 6],
  [{ ua: 'Castro 2022.11/1197 CFNetwork/1408.0.4 Darwin/22.5.0', browser: 'iphone' }, 3],
  [{ ua: 'PodcastAddict/v5 (+https://podcastaddict.com/; Android podcast app)', browser: 'android' }, 5],
  [{ ua: 'AntennaPod/3.4.0', browser: 'android' }, 3],
  [{ ua: 'AmazonMusic/24.9.1 iOS/17.4.1 (iPhone14,5)', browser: 'iphone' }, 2],
  [{ ua: 'AlexaMediaPlayer/2.1.4676.0 (Linux;Android 5.1.1) ExoPlayerLib/1.5.9', browser: 'windows' }, 2],
  [{ ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36', browser: 'windows' }, 4],
];
const BROWSERS: Record<string, string> = {
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  android: 'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
};
/** Automated fetchers the counter must leave out. */
const BOTS = [
  'iTMS',
  'Amazon Music Podcast',
  'Overcast/1.0 Podcast Sync (412 subscribers; feed-id=2207133; +http://overcast.fm/)',
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'python-requests/2.31.0',
];
const COUNTRIES: Array<[string, number]> = [
  ['US', 62],
  ['CA', 9],
  ['GB', 8],
  ['AU', 6],
  ['DE', 4],
  ['NL', 3],
  ['IE', 2],
  ['NZ', 2],
  ['IN', 2],
  ['BR', 2],
];

const networks = new Map<string, string>();
const octet = (rnd: () => number) => Math.floor(rnd() * 256);

/**
 * An address of a country, as the GeoLite2 database places it (so the Countries chart is the real lookup's):
 * a random address of a /16 network already found in that country, or a new network found by trying.
 */
function addressIn(country: string, rnd: () => number): string {
  for (let tries = 0; ; tries++) {
    const known = networks.get(country);
    const ip =
      known && tries < 8
        ? `${known}.${octet(rnd)}.${1 + Math.floor(rnd() * 253)}`
        : `${1 + Math.floor(rnd() * 222)}.${octet(rnd)}.${octet(rnd)}.${1 + Math.floor(rnd() * 253)}`;
    if (countryOf(ip) !== country) continue;
    if (!known || tries >= 8) networks.set(country, ip.split('.').slice(0, 2).join('.'));
    return ip;
  }
}

/**
 * Small Batch Science's Autumn Roast sponsorship, the way a brand and a podcaster make it: the proposal,
 * hired (createHirings) and funded with the brand's saved card (fundHirings), then completed and released
 * (releaseJobFunds), aired in the sourdough episode. Answers that episode, or null without the demo rows.
 */
async function hireSmallBatchScience(): Promise<{ episodeId: number } | null> {
  const db = await getDb();
  const [show] = await db.select().from(podcasts).where(eq(podcasts.title, 'Small Batch Science'));
  const [campaign] = await db.select().from(campaigns).where(eq(campaigns.title, 'Autumn Roast Launch'));
  const brandRow = campaign ? (await db.select().from(users).where(eq(users.id, campaign.brand_user_id)))[0] : undefined;
  const [card] = brandRow ? await db.select().from(cards).where(eq(cards.user_id, brandRow.id)).limit(1) : [];
  if (!show || !campaign || !brandRow || !card) return null;
  const [ad] = await db
    .select({ id: campaignAds.id })
    .from(campaignAds)
    .innerJoin(ads, eq(ads.id, campaignAds.ad_id))
    .where(and(eq(campaignAds.campaign_id, campaign.id), eq(ads.type, 'sponsorship')));
  const [episode] = await db
    .select()
    .from(episodes)
    .where(and(eq(episodes.podcast_id, show.id), eq(episodes.title, 'The Secret Life of Sourdough Starters')));
  if (!ad || !episode?.published_at) return null;
  const fee = 35_000;
  const jobId = await db.transaction(async (tx) => {
    const [pkg] = await tx
      .insert(packages)
      .values({
        podcast_id: show.id,
        podcaster_user_id: show.user_id,
        campaign_id: campaign.id,
        status: 'pending',
        total_price: fee,
        description: '<p>A sixty-second mid-roll in our sourdough episode: Elena reads it right after the starter chemistry, where coffee comes up anyway.</p>',
        created_at: daysAgo(16),
      })
      .returning();
    const [job] = await tx
      .insert(packageJobs)
      .values({
        package_id: pkg!.id,
        campaign_ad_id: ad.id,
        description: 'Mid-roll sponsorship, 60 seconds',
        fee,
        delivery_date: episode.published_at!.toISOString().slice(0, 10),
      })
      .returning();
    const [opp] = await tx
      .insert(opportunities)
      .values({ podcast_id: show.id, campaign_id: campaign.id, package_id: pkg!.id, status: 'proposed', created_at: daysAgo(16) })
      .onConflictDoUpdate({ target: [opportunities.podcast_id, opportunities.campaign_id], set: { package_id: pkg!.id, status: 'proposed' } })
      .returning();
    await openPackageDiscussion(tx, {
      packageId: pkg!.id,
      podcastId: show.id,
      campaignId: campaign.id,
      opportunityId: opp!.id,
      brandUserId: campaign.brand_user_id,
      podcasterUserId: show.user_id,
      content: `New proposal from ${show.title}. Sponsorship: 1 episode at $350 each. Total $350.`,
    });
    return job!.id;
  });
  const [hiring] = await createHirings(brandRow.id, { job_ids: [jobId] });
  const brand = await loadSessionUser(brandRow.id);
  if (!hiring || !brand) return null;
  await fundHirings(brand, { hiring_ids: [hiring.id], card_id: card.id });
  await db.transaction(async (tx) => {
    // The ad is approved and found on air: delivery's job-status module completes it and releases the fee.
    await transitionJob(tx, jobId, 'completed', { aired_episode_id: episode.id, aired_at: episode.published_at });
    if (campaign.site_id) await recountSites(tx, [campaign.site_id]);
    await tx
      .insert(analyticsConnections)
      .values({ podcast_id: show.id, type: 'prefix', status: 'active', last_check_at: daysAgo(30) })
      .onConflictDoNothing();
    await tx.update(podcasts).set({ has_active_analytics: true }).where(eq(podcasts.id, show.id));
  });
  return { episodeId: episode.id };
}

/** Links Second Wind Running's completed Autumn Roast mid-roll to its latest episode, unless delivery already did. */
async function airSecondWindMidroll(): Promise<void> {
  const db = await getDb();
  const [show] = await db.select().from(podcasts).where(eq(podcasts.title, 'Second Wind Running'));
  if (!show) return;
  const [latest] = await db.select().from(episodes).where(eq(episodes.podcast_id, show.id)).orderBy(desc(episodes.published_at)).limit(1);
  const [job] = await db
    .select({ id: packageJobs.id })
    .from(packageJobs)
    .innerJoin(packages, eq(packages.id, packageJobs.package_id))
    .where(and(eq(packages.podcast_id, show.id), eq(packageJobs.status, 'completed'), isNull(packageJobs.aired_episode_id)))
    .limit(1);
  if (!latest || !job) return;
  await db.transaction((tx) => updateJobFields(tx, job.id, { aired_episode_id: latest.id, aired_at: latest.published_at ?? clockNow() }));
}

/** A month of podcast-app requests for the show's episodes; answers the households that heard the aired episode, and when. */
async function synthesizeRequests(
  showTitle: string,
  airedEpisodeId: number | null,
  source: 'prefix' | 'hosted' = 'prefix',
): Promise<Array<{ ip: string; browser: string; heardAt: Date }>> {
  const db = await getDb();
  const [show] = await db.select().from(podcasts).where(eq(podcasts.title, showTitle));
  if (!show) return [];
  const eps = await db.select().from(episodes).where(eq(episodes.podcast_id, show.id));
  const { next, pick } = generator(source === 'hosted' ? 20_251_102 : 20_251_101);
  const ownHost = new URL(config().appUrl).host;
  const now = clockNow().getTime();
  const heard: Array<{ ip: string; browser: string; heardAt: Date }> = [];
  const log = async (ip: string, ua: string, url: string, at: Date, range?: string) => {
    const key = audioKey(url, ownHost);
    if (!key || at.getTime() > now) return;
    const headers: Record<string, string> = { 'user-agent': ua };
    if (range) headers.range = range;
    // Through the measurement prefix the answer is a 302 to the show's host; hosted audio is served here (200, 206 for a range).
    const status = source === 'prefix' ? 302 : range ? 206 : 200;
    await logRequest({ request: new Request(url, { headers }), podcastId: show.id, source, audioKey: key, status, address: ip, at });
  };
  for (let h = 0; h < 520; h++) {
    const ip = addressIn(pick(COUNTRIES), next);
    const devices = next() < 0.12 ? 2 : 1;
    for (let d = 0; d < devices; d++) {
      const app = pick(APPS);
      const loyalty = 0.35 + next() * 0.5;
      for (const ep of eps) {
        if (!ep.published_at || !ep.enclosure_url || next() > loyalty) continue;
        // Most listens come in the first two days after an episode is out.
        const at = new Date(ep.published_at.getTime() + Math.min(20, -Math.log(1 - next()) * 1.4) * DAY_MS);
        const url = ep.enclosure_url;
        if (app.ua.startsWith('AppleCoreMedia')) await log(ip, app.ua, url, at, 'bytes=0-1');
        const partial = next() < 0.1;
        await log(ip, app.ua, url, new Date(at.getTime() + 2000), partial ? 'bytes=0-299999' : app.ua.startsWith('Spotify') ? undefined : 'bytes=0-');
        if (!partial && next() < 0.15) await log(ip, app.ua, url, new Date(at.getTime() + 3 * 3_600_000), 'bytes=0-');
        if (!partial && ep.id === airedEpisodeId && at.getTime() <= now) heard.push({ ip, browser: app.browser, heardAt: at });
      }
    }
  }
  for (let b = 0; b < 60; b++) {
    const ep = eps[Math.floor(next() * eps.length)]!;
    if (ep.enclosure_url) await log(addressIn('US', next), BOTS[b % BOTS.length]!, ep.enclosure_url, daysAgo(next() * 28));
  }
  return heard;
}

/** Visits of the shop's pages: some households that heard the ad, and people who never did. */
async function synthesizeVisits(heard: Array<{ ip: string; browser: string; heardAt: Date }>): Promise<void> {
  const db = await getDb();
  const [brand] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'brand@cuepoint.test'));
  if (!brand) return;
  const [site] = await db
    .select()
    .from(attributionSites)
    .where(and(eq(attributionSites.user_id, brand.id), eq(attributionSites.domain, 'trailheadcoffee.example')));
  if (!site) return;
  const { next } = generator(20_251_102);
  const origin = `https://${site.domain}`;
  const visit = async (ip: string, ua: string, event: string, path: string, at: Date) => {
    const request = new Request(`${config().appUrl}/api/attribution/collect`, {
      method: 'POST',
      headers: { origin, 'user-agent': ua, 'content-type': 'text/plain' },
      body: JSON.stringify({ pid: site.pid, event, url: `${origin}${path}` }),
    });
    await collectEvent(request, ip, at);
  };
  for (const h of heard) {
    if (next() > 0.09) continue;
    const at = new Date(Math.min(clockNow().getTime() - 3_600_000, h.heardAt.getTime() + next() * 5 * DAY_MS));
    const ua = BROWSERS[h.browser]!;
    await visit(h.ip, ua, 'page-view', '/autumn-roast', at);
    if (next() < 0.45) await visit(h.ip, ua, 'page-view', '/shop/ember-autumn-roast', new Date(at.getTime() + 90_000));
    if (next() < 0.25) await visit(h.ip, ua, 'purchase', '/checkout/thank-you', new Date(at.getTime() + 300_000));
    else if (next() < 0.15) await visit(h.ip, ua, 'sign-up', '/account/welcome', new Date(at.getTime() + 200_000));
  }
  for (let v = 0; v < 40; v++) {
    const at = daysAgo(0.1 + next() * 20);
    await visit(
      addressIn(next() < 0.8 ? 'US' : 'CA', next),
      BROWSERS[next() < 0.5 ? 'iphone' : 'windows']!,
      'page-view',
      next() < 0.5 ? '/' : '/autumn-roast',
      at,
    );
  }
}

/** Seeds the measured downloads and the attributed visits of the demo. */
export async function seedMeasurement(): Promise<void> {
  await airSecondWindMidroll();
  const hired = await hireSmallBatchScience();
  if (!hired) return;
  const heard = await synthesizeRequests('Small Batch Science', hired.episodeId);
  // The live hosted show (live@cuepoint.test) has listeners of its own audio too.
  await synthesizeRequests('Saltmarsh Radio', null, 'hosted');
  await flushRequestLog();
  // Count the downloads before the visits arrive, as they would have in real time.
  await runMeasurement();
  await synthesizeVisits(heard);
  await runMeasurement();
}
