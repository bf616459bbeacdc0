/**
 * Automated ads over HTTP (issue 19, "Done when"): a brand adds a line with a spot and a budget; the
 * live demo hosted show's episode, downloaded by two listeners, is the episode plus the spot (measured by
 * decoding it with ffmpeg); one listener gets the same bytes across byte ranges; an excluded category is
 * never inserted (the upload is served byte for byte); impressions and spend reach the campaign's stats
 * and the podcaster's share is released after the adjustment window. Listeners are told apart by
 * X-Forwarded-For and User-Agent, as measurement tells them apart.
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { and, desc, eq, like, lte } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../src/lib/server/db/client';
import {
  adDeliveries,
  adEpisodeAudio,
  adLines,
  brands,
  deliverables,
  categories,
  episodes,
  hostedPodcasts,
  podcasts,
  users,
} from '../../src/lib/server/db/schema';
import { hashPassword } from '../../src/lib/server/users/auth/passwords';
import { campaignAdsPanel } from '../../src/lib/server/ads/campaign-ads-panel';
import { seedHostingDemo } from '../../src/lib/server/seed/hosting-demo';
import { makeDemoSpot, seedAdsDemo } from '../../src/lib/server/seed/ads-demo';
import { parseDurationMs, runFfmpeg } from '../../src/lib/server/ads/ffmpeg';
import { scanMp3 } from '../../src/lib/server/ads/mp3-frames';
import { releaseAdShares, settleAds } from '../../src/lib/server/ads/impressions';
import { runMeasurement } from '../../src/lib/server/measurement/analytics/jobs';
import { mediaPath } from '../../src/lib/server/media-paths';
import { DEFAULT_CACHE_BYTES, setVariantCacheLimit, variantCacheBytes, variantDir, variantFile } from '../../src/lib/server/ads/variants';
import { storage } from '../../src/lib/server/storage/storage';
import { PASSWORD, seedUser, signIn, type SeededUser } from '../support/builders';
import { seedCampaign, seedProposal } from '../support/campaign-builders';
import { saveCard } from '../support/payment-builders';
import { call, page } from '../support/http';
import { testServer } from '../support/test-server';
import { withStatements } from '../support/statements';
import { TEST_NOW } from '../support/clock';

const APPLE = 'AppleCoreMedia/1.0.0.21E236 (iPhone; U; CPU OS 17_4_1 like Mac OS X; en_us)';
const OVERCAST = 'Overcast/3.0 (+http://overcast.fm/; iOS podcast app)';
const DAY = 86_400_000;
// Days from the test clock's (ad lines run by the server's calendar clock).
const day = (offset: number) => new Date(TEST_NOW.getTime() + offset * DAY).toISOString().slice(0, 10);

let base = '';
let brand: SeededUser;
let podcaster: { token: string; cookie: string };
let campaignId = 0;
let cardId = 0;
let hostedId = 0;
let podcastId = 0;
let episode: { id: number; hash_id: string; enclosure_url: string };
let original: Buffer;
let adCategory = 0;

async function upload(user: SeededUser, bytes: Uint8Array, name: string): Promise<{ status: number; body: any }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(`${base}/api/files`, { method: 'POST', body: form, headers: { accept: 'application/json', authorization: `Bearer ${user.token}` } });
  return { status: res.status, body: await res.json().catch(() => null) };
}

/** A listener's request for the episode's audio. */
async function listen(ip: string, o: { ua?: string; range?: string; method?: string; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { 'user-agent': o.ua ?? APPLE, 'x-forwarded-for': ip, ...o.headers };
  if (o.range) headers.range = o.range;
  const res = await fetch(episode.enclosure_url, { method: o.method ?? 'GET', headers });
  return { res, body: Buffer.from(await res.arrayBuffer()) };
}

/** Length of MP3 audio in ms, by decoding it whole. */
async function decodedMs(bytes: Buffer): Promise<number> {
  const path = join(tmpdir(), `ads-test-${Math.random().toString(36).slice(2)}.mp3`);
  await writeFile(path, bytes);
  try {
    return parseDurationMs(await runFfmpeg(['-i', path, '-f', 'null', '-']))!;
  } finally {
    await rm(path, { force: true });
  }
}

async function tone(seconds: number, volume: number): Promise<Buffer> {
  const path = join(tmpdir(), `ads-tone-${Math.random().toString(36).slice(2)}.mp3`);
  await runFfmpeg(['-y', '-f', 'lavfi', '-i', `aevalsrc=${volume}*sin(2*PI*440*t):s=22050:d=${seconds}`, '-c:a', 'libmp3lame', '-b:a', '32k', path]);
  try {
    return await readFile(path);
  } finally {
    await rm(path, { force: true });
  }
}

const lineBody = (spot: number, extra: Record<string, unknown> = {}) => ({
  title: 'Autumn Roast 30s',
  spot_file_id: spot,
  cpm: 5000,
  budget: 10_000,
  starts_on: day(-1),
  ends_on: day(30),
  frequency_cap: 2,
  positions: ['pre'],
  card_id: cardId,
  ...extra,
});

beforeAll(async () => {
  base = (await testServer()).baseUrl;
  const db = await getDb();
  const [science] = await db.insert(categories).values({ title: 'Science' }).onConflictDoNothing().returning();
  void science;
  const [coffee] = await db.insert(categories).values({ title: 'Coffee & Tea (ads)' }).onConflictDoNothing().returning();
  adCategory = coffee?.id ?? (await db.select().from(categories).where(eq(categories.title, 'Coffee & Tea (ads)')))[0]!.id;
  const [live] = await db.select().from(users).where(eq(users.email, 'live@cuepoint.test'));
  if (!live) await seedHostingDemo(await hashPassword(PASSWORD));
  podcaster = await signIn('live@cuepoint.test');
  const [show] = await db
    .select({ id: podcasts.id })
    .from(podcasts)
    .innerJoin(users, eq(users.id, podcasts.user_id))
    .where(eq(users.email, 'live@cuepoint.test'));
  podcastId = show!.id;
  hostedId = (await db.select({ id: hostedPodcasts.id }).from(hostedPodcasts).where(eq(hostedPodcasts.podcast_id, podcastId)))[0]!.id;
  const [ep] = await db
    .select({ id: episodes.id, hash_id: episodes.hash_id, enclosure_url: episodes.enclosure_url })
    .from(episodes)
    .where(
      and(eq(episodes.podcast_id, podcastId), eq(episodes.status, 'current'), like(episodes.enclosure_url, '%/media/%'), lte(episodes.published_at, TEST_NOW)),
    )
    .orderBy(desc(episodes.published_at))
    .limit(1);
  episode = { ...ep!, enclosure_url: ep!.enclosure_url! };
  const name = decodeURIComponent(episode.enclosure_url.split('/').pop()!);
  const [, hash] = /\/media\/([^/]+)\//.exec(episode.enclosure_url)!;
  original = await buffer(await (await storage()).read(mediaPath(hash!, name)!));
  brand = await seedUser({ type: 'BRAND' });
  await db.update(brands).set({ category_id: adCategory }).where(eq(brands.user_id, brand.id));
  campaignId = (await seedCampaign(brand.id, { title: 'Autumn Roast (automated)' })).campaign.id;
  cardId = (await saveCard(brand)).id;
}, 120_000);

describe('[ADS] automated lines', () => {
  it('refuses spots that are not audio, over 120 s or silent, and a line without budget, each with a reason', async () => {
    const pdf = await upload(brand, Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'), 'brief.pdf');
    expect(pdf.status).toBe(201);
    const notAudio = await call('POST', `/api/brand/campaigns/${campaignId}/ad-lines`, { token: brand.token, body: lineBody(pdf.body.data.id) });
    expect(notAudio.status).toBe(422);
    expect(notAudio.body.errors.spot_file_id[0]).toMatch(/must be an audio file/);
    const long = await upload(brand, await tone(121, 0.5), 'long.mp3');
    const tooLong = await call('POST', `/api/brand/campaigns/${campaignId}/ad-lines`, { token: brand.token, body: lineBody(long.body.data.id) });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.errors.spot_file_id[0]).toMatch(/at most 120 seconds/);
    const quiet = await upload(brand, await tone(5, 0), 'quiet.mp3');
    const silent = await call('POST', `/api/brand/campaigns/${campaignId}/ad-lines`, { token: brand.token, body: lineBody(quiet.body.data.id) });
    expect(silent.status).toBe(422);
    expect(silent.body.errors.spot_file_id[0]).toMatch(/silent/);
    const noBudget = await call('POST', `/api/brand/campaigns/${campaignId}/ad-lines`, {
      token: brand.token,
      body: lineBody(quiet.body.data.id, { budget: 0 }),
    });
    expect(noBudget.status).toBe(422);
    expect(noBudget.body.errors.budget).toBeDefined();
    const db = await getDb();
    expect(await db.select().from(adLines).where(eq(adLines.campaign_id, campaignId))).toEqual([]);
  });

  it('creates a line with a spot and a budget charged to the card', async () => {
    const spot = await upload(brand, await readFile(await makeDemoSpot()), 'jingle.mp3');
    expect(spot.status).toBe(201);
    const created = await call('POST', `/api/brand/campaigns/${campaignId}/ad-lines`, { token: brand.token, body: lineBody(spot.body.data.id) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({
      title: 'Autumn Roast 30s',
      cpm: 5000,
      budget: 10_000,
      funded: 10_000,
      spent: 0,
      spot_status: 'ready',
      status: 'active',
    });
    expect(created.body.data.spot_duration_ms).toBeGreaterThan(5500);
    const list = await call('GET', `/api/brand/campaigns/${campaignId}/ad-lines`, { token: brand.token });
    expect(list.body.data).toHaveLength(1);
    const other = await seedUser({ type: 'BRAND' });
    expect((await call('GET', `/api/brand/campaigns/${campaignId}/ad-lines`, { token: other.token })).status).toBe(404);
  });
});

describe('[ADS] insertion at download', () => {
  let stitched: Buffer;
  let etag: string;

  it('gives two listeners the episode plus the spot, checked by decoding', async () => {
    const a = await listen('81.2.69.142');
    expect(a.res.status).toBe(200);
    expect(a.res.headers.get('content-type')).toBe('audio/mpeg');
    expect(Number(a.res.headers.get('content-length'))).toBe(a.body.length);
    expect(a.body.length).toBeGreaterThan(original.length);
    const b = await listen('8.8.8.8', { ua: OVERCAST });
    expect(b.res.status).toBe(200);
    stitched = a.body;
    etag = a.res.headers.get('etag')!;
    expect(etag).toMatch(/^"v-/);
    const episodeMs = await decodedMs(original);
    const spotMs = (await call('GET', `/api/brand/campaigns/${campaignId}/ad-lines`, { token: brand.token })).body.data[0].spot_duration_ms as number;
    for (const body of [a.body, b.body]) {
      const ms = await decodedMs(body);
      // Frame boundaries and the encoder's padding: within a tenth of a second.
      expect(Math.abs(ms - (episodeMs + spotMs))).toBeLessThan(150);
    }
  });

  it('answers one listener the same bytes across byte ranges, HEAD and repeats', async () => {
    const ip = '81.2.69.142';
    const first = await listen(ip, { range: 'bytes=0-9999' });
    expect(first.res.status).toBe(206);
    expect(first.res.headers.get('content-range')).toBe(`bytes 0-9999/${stitched.length}`);
    expect(first.res.headers.get('etag')).toBe(etag);
    const rest = await listen(ip, { range: 'bytes=10000-' });
    expect(rest.res.status).toBe(206);
    expect(Number(rest.res.headers.get('content-length'))).toBe(stitched.length - 10000);
    expect(Buffer.concat([first.body, rest.body]).equals(stitched)).toBe(true);
    const suffix = await listen(ip, { range: 'bytes=-500' });
    expect(suffix.body.equals(stitched.subarray(stitched.length - 500))).toBe(true);
    const head = await listen(ip, { method: 'HEAD' });
    expect(head.res.headers.get('content-length')).toBe(String(stitched.length));
    expect(head.res.headers.get('etag')).toBe(etag);
    const again = await listen(ip);
    expect(again.body.equals(stitched)).toBe(true);
    expect((await listen(ip, { headers: { 'if-none-match': etag } })).res.status).toBe(304);
    expect((await listen(ip, { range: `bytes=${stitched.length + 10}-` })).res.status).toBe(416);
  });

  it('never inserts a category the show excludes: the upload is served byte for byte', async () => {
    const settings = await call('PUT', `/api/podcasts/hosted/${hostedId}/ad-settings`, {
      token: podcaster.token,
      body: { excluded_category_ids: [adCategory] },
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    expect(settings.body.data.excluded_category_ids).toEqual([adCategory]);
    for (const ip of ['2.16.10.1', '2.16.10.2']) {
      const c = await listen(ip);
      expect(c.res.status).toBe(200);
      expect(c.body.equals(original)).toBe(true);
      expect(c.res.headers.get('etag')).not.toMatch(/^"v-/);
    }
    // The feed describes what a listener without a fill gets: the upload's bytes and its length.
    const [, hash] = /\/media\/([^/]+)\//.exec(episode.enclosure_url)!;
    const feed = await (await fetch(`${base}/feeds/${hash}.xml`)).text();
    const item = feed.split('<item>').find((i) => i.includes(episode.enclosure_url.split('/').pop()!))!;
    expect(Number(/<enclosure[^>]*length="(\d+)"/.exec(item)![1])).toBe(original.length);
    const declared = /<itunes:duration>([\d:.]+)<\/itunes:duration>/.exec(item)![1]!;
    const seconds = declared.split(':').reduce((s, p) => s * 60 + Number(p), 0);
    expect(Math.abs(seconds - (await decodedMs(original)) / 1000)).toBeLessThanOrEqual(1);
    const reports = await page('/hosting/reports', podcaster.cookie);
    expect(reports.html).toContain('may take up to 60 days');
    await call('PUT', `/api/podcasts/hosted/${hostedId}/ad-settings`, { token: podcaster.token, body: { excluded_category_ids: [] } });
  });
});

describe('[ADS] the variant cache and failures', () => {
  it('keeps stitched variants on disk within the LRU bound', async () => {
    const db = await getDb();
    const [line] = await db.select().from(adLines).where(eq(adLines.campaign_id, campaignId));
    const name = decodeURIComponent(episode.enclosure_url.split('/').pop()!);
    const [, hash] = /\/media\/([^/]+)\//.exec(episode.enclosure_url)!;
    const key = mediaPath(hash!, name)!;
    const { etag: version } = (await (await storage()).stat(key))!;
    const versions = new Map([[line!.id, `${line!.spot_key}:${line!.spot_duration_ms}`]]);
    setVariantCacheLimit(1);
    try {
      const first = await variantFile(key, version, [{ atMs: 5000, lineIds: [line!.id] }], versions);
      expect(existsSync(first.path)).toBe(true);
      const second = await variantFile(key, version, [{ atMs: 10_000, lineIds: [line!.id] }], versions);
      // The least recently used variant made room for the new one.
      expect(existsSync(first.path)).toBe(false);
      expect(existsSync(second.path)).toBe(true);
      expect(variantCacheBytes()).toBe(second.size);
      expect(second.size).toBeGreaterThan(original.length);
    } finally {
      setVariantCacheLimit(DEFAULT_CACHE_BYTES);
    }
  });

  it('serves the upload, byte for byte, when insertion fails, and counts no impression for it', async () => {
    const db = await getDb();
    const [line] = await db.select().from(adLines).where(eq(adLines.campaign_id, campaignId));
    const store = await storage();
    // The spot's master and encodings are gone, and no variant is cached: nothing can be stitched.
    for await (const o of store.list(`ads/spots/${line!.id}/`)) await store.remove(o.key);
    rmSync(variantDir(), { recursive: true, force: true });
    mkdirSync(variantDir(), { recursive: true });
    const ip = '2.16.10.9';
    const failed = await listen(ip);
    expect(failed.res.status).toBe(200);
    expect(failed.body.equals(original)).toBe(true);
    const again = await listen(ip, { range: 'bytes=0-99' });
    expect(again.body.equals(original.subarray(0, 100))).toBe(true);
    const rows = await db.select().from(adDeliveries).where(eq(adDeliveries.episode_id, episode.id));
    expect(rows.filter((r) => r.line_id !== 0)).toHaveLength(2);
  });
});

describe('[ADS] impressions and money', () => {
  it('counts impressions of the variants, bills them at the CPM and shows them in the campaign stats', async () => {
    await runMeasurement();
    const settled = await settleAds();
    expect(settled.impressions).toBe(2);
    // 2 impressions at a $50.00 CPM.
    expect(settled.billed).toBe(10);
    expect((await settleAds()).billed).toBe(0);
    const stats = await call('GET', `/api/brand/campaigns/${campaignId}/ad-stats`, { token: brand.token });
    expect(stats.body.data.impressions).toBe(2);
    expect(stats.body.data.spent).toBe(10);
    expect(stats.body.data.rows[0]).toMatchObject({ podcast_id: podcastId, episode_id: episode.id, impressions: 2 });
    const lines = await call('GET', `/api/brand/campaigns/${campaignId}/ad-lines`, { token: brand.token });
    expect(lines.body.data[0]).toMatchObject({ impressions: 2, spent: 10, funded: 10_000 });
    // The stats page's panel reads the same in one statement (and the ownership check).
    const panel = await withStatements(() => campaignAdsPanel(brand.id, campaignId));
    expect(panel.statements).toHaveLength(2);
    expect(panel.value.lines).toEqual(lines.body.data);
    expect(panel.value.stats).toEqual(stats.body.data);
    expect(panel.value.candidates).toEqual([]);
    const html = (await page(`/campaign/${campaignId}/stats`, brand.cookie)).html;
    expect(html).toContain('Automated ads');
    expect(html).toContain('Autumn Roast 30s');
    expect(html).toMatch(/data-testid="stat-spent">\$0\.10</);
  });

  it('releases the podcaster share (70 %) of the month once the 45-day adjustment window has passed', async () => {
    const before = (await call('GET', '/api/earnings', { token: podcaster.token })).body.data.available as number;
    const report = await call('GET', `/api/podcasts/hosted/${hostedId}/ad-settings`, { token: podcaster.token });
    expect(report.body.data.share_percent).toBe(70);
    expect(report.body.data.report.impressions).toBe(2);
    const month = report.body.data.report.months[0];
    expect(month).toMatchObject({ spend: 10, share: 7, released: false });
    expect(await releaseAdShares(new Date())).toBe(0);
    const after45 = new Date(Date.parse(`${month.release_on}T00:00:00Z`) + 1000);
    expect(await releaseAdShares(after45)).toBe(7);
    expect(await releaseAdShares(after45)).toBe(0);
    const earnings = (await call('GET', '/api/earnings', { token: podcaster.token })).body.data;
    expect(earnings.available).toBe(before + 7);
    const html = (await page('/hosting/reports', podcaster.cookie)).html;
    expect(html).toContain('Automated ads');
    // The share is set per show by an admin, as agreed; a brand may not.
    const admin = await seedUser({ type: 'ADMIN' });
    expect((await call('PUT', `/api/admin/ads/shows/${podcastId}`, { token: brand.token, body: { share_percent: 80 } })).status).toBe(403);
    expect((await call('PUT', '/api/admin/ads/shows/999999', { token: admin.token, body: { share_percent: 80 } })).status).toBe(404);
    expect((await call('PUT', `/api/admin/ads/shows/${podcastId}`, { token: admin.token, body: { share_percent: 101 } })).status).toBe(422);
    const set = await call('PUT', `/api/admin/ads/shows/${podcastId}`, { token: admin.token, body: { share_percent: 80 } });
    expect(set.body.data.share_percent).toBe(80);
    // The new percent applies to months not released yet: this one was released at 70 %.
    const after = (await call('GET', `/api/podcasts/hosted/${hostedId}/ad-settings`, { token: podcaster.token })).body.data;
    expect(after.share_percent).toBe(80);
    expect(after.report.months[0]).toMatchObject({ share: 7, released: true });
    await call('PUT', `/api/admin/ads/shows/${podcastId}`, { token: admin.token, body: { share_percent: 70 } });
  });
});

describe('[ADS] ad positions', () => {
  it('saves mid-roll markers, suggests others from silences and lists the breaks as chapters in the hosted feed', async () => {
    const path = `/api/podcasts/hosted/${hostedId}/episodes/${episode.hash_id}/ad-markers`;
    const suggested = await call('POST', `${path}/suggest`, { token: podcaster.token });
    expect(suggested.status, JSON.stringify(suggested.body)).toBe(200);
    expect(suggested.body.data.markers.every((m: { confirmed: boolean }) => !m.confirmed)).toBe(true);
    // The same decode measured the episode's loudness, which its spots are then matched to.
    const [audio] = await (await getDb()).select().from(adEpisodeAudio).where(eq(adEpisodeAudio.episode_id, episode.id));
    expect(audio!.loudness_lufs).toBeLessThan(-5);
    const saved = await call('PUT', path, { token: podcaster.token, body: { mid_rolls: [{ position_ms: 12_000 }] } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.markers.map((m: { kind: string; position_ms: number }) => [m.kind, m.position_ms])).toEqual([
      ['pre', 0],
      ['mid', 12_000],
    ]);
    const tooMany = await call('PUT', path, { token: podcaster.token, body: { mid_rolls: [1, 2, 3, 4, 5].map((i) => ({ position_ms: i * 1000 })) } });
    expect(tooMany.status).toBe(422);
    const chapters = await fetch(`${base}/api/ads/chapters/${episode.hash_id}`);
    expect(chapters.headers.get('content-type')).toContain('application/json+chapters');
    expect((await chapters.json()).chapters).toEqual([
      { startTime: 0, title: expect.stringContaining('part 1') },
      { startTime: 12, title: 'Ad break, then part 2' },
    ]);
    const [, hash] = /\/media\/([^/]+)\//.exec(episode.enclosure_url)!;
    const feed = await (await fetch(`${base}/feeds/${hash}.xml`)).text();
    expect(feed).toContain(`/api/ads/chapters/${episode.hash_id}`);
    const stranger = await seedUser({ type: 'PODCASTER' });
    expect((await call('GET', path, { token: stranger.token })).status).toBe(404);
    await call('PUT', path, { token: podcaster.token, body: { mid_rolls: [] } });
  });

  it('inserts an approved host-read ad into the back catalogue of the show that read it, and nowhere else', async () => {
    const db = await getDb();
    // The first line steps aside, so this listener's fill is the host-read alone.
    for (const line of await db.select().from(adLines).where(eq(adLines.campaign_id, campaignId)))
      await call('PATCH', `/api/brand/ad-lines/${line.id}`, { token: brand.token, body: { status: 'paused' } });
    const { jobs } = await seedProposal(campaignId, podcastId, [{ fee: 25_000, description: 'Host-read, 60 seconds', type: 'host' }]);
    const read = await upload(brand, await readFile(await makeDemoSpot()), 'host-read.mp3');
    const [deliverable] = await db
      .insert(deliverables)
      .values({ package_job_id: jobs[0]!.id, status: 'accepted', reference_type: 'file', reference_id: read.body.data.id })
      .returning();
    expect((await page(`/campaign/${campaignId}/stats`, brand.cookie)).html).toContain('Insert into back catalogue');
    const [show] = await db.select({ title: podcasts.title }).from(podcasts).where(eq(podcasts.id, podcastId));
    expect((await campaignAdsPanel(brand.id, campaignId)).candidates).toEqual([
      { deliverable_id: deliverable!.id, job: 'Host-read, 60 seconds', podcast_title: show!.title },
    ]);
    const body = { deliverable_id: deliverable!.id, cpm: 4000, budget: 5000, starts_on: day(-1), ends_on: day(10), positions: ['mid'], card_id: cardId };
    const other = await seedUser({ type: 'BRAND' });
    expect((await call('POST', '/api/brand/ad-lines/back-catalogue', { token: other.token, body: { ...body, card_id: 1 } })).status).toBe(404);
    const created = await call('POST', '/api/brand/ad-lines/back-catalogue', { token: brand.token, body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.title).toBe('Back catalogue: Host-read, 60 seconds');
    expect(created.body.data.targeting).toMatchObject({ podcasts: [podcastId], published_before: day(0) });
    // A mid-roll at 12 s of the (past) episode: the host-read goes there.
    const markers = `/api/podcasts/hosted/${hostedId}/episodes/${episode.hash_id}/ad-markers`;
    await call('PUT', markers, { token: podcaster.token, body: { mid_rolls: [{ position_ms: 12_000 }] } });
    const d = await listen('2.16.10.20');
    expect(d.res.headers.get('etag')).toMatch(/^"v-/);
    const spotMs = created.body.data.spot_duration_ms as number;
    expect(Math.abs((await decodedMs(d.body)) - ((await decodedMs(original)) + spotMs))).toBeLessThan(150);
    // The file starts with the episode's own frames (the break is mid-roll, not a pre-roll).
    const [o, v] = [scanMp3(original)!, scanMp3(d.body)!];
    expect(d.body.subarray(v.frames[0]!, v.frames[0]! + 4000).equals(original.subarray(o.frames[0]!, o.frames[0]! + 4000))).toBe(true);
    await call('PUT', markers, { token: podcaster.token, body: { mid_rolls: [] } });
  });

  it('seeds the demo line through the domain', async () => {
    const db = await getDb();
    for (const line of await db.select().from(adLines).where(eq(adLines.campaign_id, campaignId))) {
      const paused = await call('PATCH', `/api/brand/ad-lines/${line.id}`, { token: brand.token, body: { status: 'paused' } });
      expect(paused.body.data.status).toBe('paused');
    }
    // Without the demo brand the seed adds nothing; it never fails the boot.
    expect(await seedAdsDemo()).toBeNull();
  });
});
