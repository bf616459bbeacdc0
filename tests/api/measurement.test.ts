/**
 * Measurement over HTTP: the prefix, the counter behind GET /api/podcasts/{id}/analytics, POST
 * /api/check-analytics, the attribution snippet and POST /api/attribution/collect, the matcher and the
 * campaign figures it feeds. Addresses are set with X-Forwarded-For (TRUST_PROXY, as behind a load balancer).
 */
import { createServer, type Server } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../src/lib/server/db/client';
import {
  attributionSites,
  downloadDays,
  downloadWindows,
  episodes,
  listenerDays,
  listenerStats,
  mediaRequests,
  packageJobs,
  podcastManualStats,
  podcasts,
  siteVisits,
} from '../../src/lib/server/db/schema';
import { rebuildDownloads } from '../../src/lib/server/measurement/analytics/count-downloads';
import { runMeasurement } from '../../src/lib/server/measurement/analytics/jobs';
import { campaignCharts } from '../../src/lib/server/measurement/analytics/campaign-charts';
import { flushRequestLog } from '../../src/lib/server/measurement/analytics/request-log';
import { seedPodcast, seedUser, type SeededUser } from '../support/builders';
import { seedCampaign, seedProposal } from '../support/campaign-builders';
import { saveCard } from '../support/payment-builders';
import { call, page } from '../support/http';
import { TEST_NOW, testToday } from '../support/clock';
import { testServer } from '../support/test-server';

const APPLE = 'AppleCoreMedia/1.0.0.21E236 (iPhone; U; CPU OS 17_4_1 like Mac OS X; en_us)';
const OVERCAST = 'Overcast/3.0 (+http://overcast.fm/; iOS podcast app)';
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const UK = '81.2.69.142';
const US = '8.8.8.8';

let base = '';
let feeds: Server;
let feedBody = '';
let feedStatus = 200;
const trustProxy = process.env.TRUST_PROXY;

beforeAll(async () => {
  const server = await testServer();
  base = server.baseUrl;
  process.env.TRUST_PROXY = 'true';
  feeds = createServer((_req, res) => {
    res.writeHead(feedStatus, { 'content-type': 'application/rss+xml' });
    res.end(feedBody);
  });
  await new Promise<void>((resolve) => feeds.listen(server.allowedFetchPort, '127.0.0.1', resolve));
});
afterAll(async () => {
  if (trustProxy === undefined) delete process.env.TRUST_PROXY;
  else process.env.TRUST_PROXY = trustProxy;
  await new Promise<void>((resolve) => feeds.close(() => resolve()));
});

/** A raw request as a podcast app or a browser makes it. */
async function hit(path: string, o: { ua?: string; ip?: string; range?: string; method?: string; headers?: Record<string, string>; body?: string } = {}) {
  const headers: Record<string, string> = { 'user-agent': o.ua ?? APPLE, 'x-forwarded-for': o.ip ?? UK, ...o.headers };
  if (o.range) headers.range = o.range;
  const res = await fetch(`${base}${path}`, { method: o.method ?? 'GET', headers, body: o.body, redirect: 'manual' });
  await res.arrayBuffer();
  return res;
}

/** A podcaster's show with one episode whose audio is at cdn.example.com (10 minutes, 128 kbit/s). */
async function showWithEpisode(podcaster: SeededUser, url?: string) {
  const { podcast } = await seedPodcast(podcaster.id, { title: `Measured Show ${Math.random().toString(36).slice(2, 7)}`, ...(url ? { url } : {}) });
  const db = await getDb();
  const [episode] = await db
    .insert(episodes)
    .values({
      hash_id: `ep-${podcast.hash_id}`,
      podcast_id: podcast.id,
      guid: `guid-${podcast.hash_id}`,
      title: 'Pilot',
      enclosure_url: `https://cdn.example.com/${podcast.hash_id}/pilot.mp3`,
      enclosure_length: 9_600_000,
      duration: 600,
      published_at: new Date(TEST_NOW.getTime() - 3 * 86_400_000),
    })
    .returning();
  return { podcast, episode: episode!, audio: `/e/${podcast.hash_id}/cdn.example.com/${podcast.hash_id}/pilot.mp3` };
}

const analytics = (podcastId: number, token: string, query = '') => call('GET', `/api/podcasts/${podcastId}/analytics${query}`, { token });

describe('[MEASUREMENT] the prefix', () => {
  it('logs a request and redirects to the original audio; an unknown podcast is a 404, a bad address a 400, and neither is logged', async () => {
    const podcaster = await seedUser({ type: 'PODCASTER' });
    const { podcast, audio } = await showWithEpisode(podcaster);
    const res = await hit(audio);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`https://cdn.example.com/${podcast.hash_id}/pilot.mp3`);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const http = await hit(`/e/${podcast.hash_id}/http://cdn.example.com/${podcast.hash_id}/pilot.mp3?ref=feed`);
    expect(http.headers.get('location')).toBe(`http://cdn.example.com/${podcast.hash_id}/pilot.mp3?ref=feed`);
    expect((await hit(audio, { method: 'HEAD' })).status).toBe(302);
    expect((await hit('/e/NoSuchShow1/cdn.example.com/pilot.mp3')).status).toBe(404);
    const { baseUrl } = await testServer();
    for (const bad of ['cdn.example.com', '', 'pilot.mp3', 'javascript:alert(1)/x', `${new URL(baseUrl).host}/e/${podcast.hash_id}/cdn.example.com/x.mp3`]) {
      expect((await hit(`/e/${podcast.hash_id}/${bad}`)).status, bad).toBe(400);
    }
    await flushRequestLog();
    const rows = await (await getDb()).select().from(mediaRequests).where(eq(mediaRequests.podcast_id, podcast.id));
    expect(rows.map((r) => [r.method, r.status, r.source])).toEqual([
      ['GET', 302, 'prefix'],
      ['GET', 302, 'prefix'],
      ['HEAD', 302, 'prefix'],
    ]);
    expect(rows[0]!.audio_key).toBe(`cdn.example.com/${podcast.hash_id}/pilot.mp3`);
    expect(rows[0]!.country).toBe('GB');
    expect(JSON.stringify(rows)).not.toContain(UK);
  });
});

describe('[MEASUREMENT] downloads that cannot be inflated', () => {
  it('refuses pages, images, folders and private or loopback targets with a 400, without redirecting or logging them', async () => {
    const podcaster = await seedUser({ type: 'PODCASTER' });
    const { podcast } = await showWithEpisode(podcaster);
    for (const bad of [
      'cdn.example.com/index.html',
      'cdn.example.com/cover.png',
      'cdn.example.com/feed.xml',
      'cdn.example.com/episodes/',
      'http://[::1]/a.mp3',
      'http://127.0.0.1/a.mp3',
      'localhost/a.mp3',
      'http://169.254.169.254/latest/a.mp3',
      '10.1.2.3/a.mp3',
      'http://[fe80::1]/a.mp3',
    ]) {
      const res = await hit(`/e/${podcast.hash_id}/${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.headers.get('location'), bad).toBeNull();
    }
    await flushRequestLog();
    expect(await (await getDb()).select().from(mediaRequests).where(eq(mediaRequests.podcast_id, podcast.id))).toEqual([]);
  });

  it('redirects any other audio address but counts only enclosures of the show’s feed, and credits one once the feed names it', async () => {
    const { allowedFetchPort } = await testServer();
    const podcaster = await seedUser({ type: 'PODCASTER' });
    const { podcast, episode, audio } = await showWithEpisode(podcaster, `http://127.0.0.1:${allowedFetchPort}/inflate.rss`);
    const path = (file: string) => `/e/${podcast.hash_id}/cdn.example.com/${podcast.hash_id}/${file}`;
    // Anyone can ask for addresses that are not the show's: they are redirected (the prefix never breaks a show)…
    for (const [i, file] of ['bonus.mp3', 'random-1.mp3', 'random-2.mp3'].entries())
      expect((await hit(path(file), { ip: `81.2.69.${150 + i}` })).status).toBe(302);
    // …while the episode's own enclosure, with or without a tracking query, counts.
    await hit(audio, { ip: UK });
    await hit(`${audio}?ref=feed`, { ip: US, ua: OVERCAST });
    await runMeasurement();
    const counted = (await analytics(podcast.id, podcaster.token)).body.data.downloads;
    expect(counted.total).toBe(2);
    expect(counted.by_episode).toEqual([expect.objectContaining({ id: episode.id, downloads: 2 })]);
    const db = await getDb();
    expect((await db.select().from(downloadDays).where(eq(downloadDays.podcast_id, podcast.id))).every((d) => d.episode_id === episode.id)).toBe(true);
    const waiting = (await db.select().from(downloadWindows).where(eq(downloadWindows.podcast_id, podcast.id))).filter((w) => w.episode_id === null);
    expect(waiting.map((w) => w.target).sort()).toEqual(['bonus.mp3', 'random-1.mp3', 'random-2.mp3'].map((f) => `u:cdn.example.com/${podcast.hash_id}/${f}`));

    // The feed later names bonus.mp3 (an episode the counter had not seen): a read of the feed credits its download.
    feedBody = `<?xml version="1.0"?><rss version="2.0"><channel><title>Show</title>
      <item><title>Bonus</title><guid>bonus-${podcast.hash_id}</guid><pubDate>${TEST_NOW.toUTCString()}</pubDate><enclosure url="${base}${path('bonus.mp3')}" length="9600000" type="audio/mpeg"/></item>
      <item><title>Pilot</title><guid>guid-${podcast.hash_id}</guid><pubDate>${episode.published_at!.toUTCString()}</pubDate><enclosure url="https://cdn.example.com/${podcast.hash_id}/pilot.mp3" length="9600000" type="audio/mpeg"/></item>
    </channel></rss>`;
    expect((await call('POST', '/api/check-analytics', { token: podcaster.token, body: { podcast_id: podcast.id } })).status).toBe(200);
    const after = (await analytics(podcast.id, podcaster.token)).body.data.downloads;
    expect(after.total).toBe(3);
    expect(after.by_episode.map((e: { title: string; downloads: number }) => [e.title, e.downloads])).toEqual([
      ['Pilot', 2],
      ['Bonus', 1],
    ]);
    expect(after.listeners).toBe(3);
    // The rest never counts, and rebuilding from the log gives the same.
    await rebuildDownloads();
    expect((await analytics(podcast.id, podcaster.token)).body.data.downloads).toEqual(after);
  });
});

describe('[MEASUREMENT] counting and GET /api/podcasts/{id}/analytics', () => {
  it('counts two apps on one network once each, not their replays, a bot or a 2-byte probe; answers the documented shape', async () => {
    const podcaster = await seedUser({ type: 'PODCASTER' });
    const { podcast, episode, audio } = await showWithEpisode(podcaster);
    await hit(audio, { range: 'bytes=0-1' });
    await hit(audio, { range: 'bytes=0-' });
    await hit(audio, { ua: OVERCAST });
    await hit(audio, { range: 'bytes=0-' });
    await hit(audio, { ua: OVERCAST, range: 'bytes=4000000-' });
    await hit(audio, { ua: 'iTMS' });
    await hit(audio, { ua: 'PocketCasts/1.0 (Pocket Casts - Android v7.57; +https://pocketcasts.com/)', range: 'bytes=0-1' });
    await runMeasurement();
    const res = await analytics(podcast.id, podcaster.token);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data)).toEqual(['type', 'status', 'last_check_at', 'downloads']);
    expect(Object.keys(res.body.data.downloads).sort()).toEqual(['by_app', 'by_country', 'by_day', 'by_device', 'by_episode', 'listeners', 'total']);
    const { data } = res.body;
    expect(data).toMatchObject({ type: 'prefix', status: 'pending', last_check_at: null });
    expect(data.downloads.total).toBe(2);
    expect(data.downloads.listeners).toBe(2);
    expect(data.downloads.by_day).toHaveLength(30);
    expect(data.downloads.by_day.at(-1)).toEqual({ date: testToday(), downloads: 2, listeners: 2 });
    expect(data.downloads.by_episode).toEqual([
      { id: episode.id, hash_id: episode.hash_id, title: 'Pilot', published_at: episode.published_at!.toISOString(), downloads: 2 },
    ]);
    expect(data.downloads.by_app).toEqual([
      { name: 'Apple Podcasts', downloads: 1 },
      { name: 'Overcast', downloads: 1 },
    ]);
    expect(data.downloads.by_device).toEqual([{ name: 'Phone', downloads: 2 }]);
    expect(data.downloads.by_country).toEqual([{ name: 'GB', downloads: 2 }]);

    // The aggregates hold no address and no User-Agent.
    const db = await getDb();
    const derived = JSON.stringify([
      await db.select().from(downloadDays).where(eq(downloadDays.podcast_id, podcast.id)),
      await db.select().from(downloadWindows).where(eq(downloadWindows.podcast_id, podcast.id)),
      await db.select().from(listenerDays).where(eq(listenerDays.podcast_id, podcast.id)),
    ]);
    expect(derived).not.toContain(UK);
    expect(derived).not.toContain('AppleCoreMedia');

    // The figures are derived: rebuilt from the log, they are the same.
    await rebuildDownloads();
    expect((await analytics(podcast.id, podcaster.token)).body.data.downloads).toEqual(data.downloads);
  });

  it('takes a date range, refuses a bad one with a 422, and shows a podcast to its owner only', async () => {
    const podcaster = await seedUser({ type: 'PODCASTER' });
    const { podcast } = await showWithEpisode(podcaster);
    const week = await analytics(podcast.id, podcaster.token, '?from=2026-01-01&to=2026-01-07');
    expect(week.status).toBe(200);
    expect(week.body.data.downloads.by_day.map((d: { date: string }) => d.date)).toEqual([
      '2026-01-01',
      '2026-01-02',
      '2026-01-03',
      '2026-01-04',
      '2026-01-05',
      '2026-01-06',
      '2026-01-07',
    ]);
    expect((await analytics(podcast.id, podcaster.token, '?from=2026-13-01')).body.errors.from).toBeDefined();
    expect((await analytics(podcast.id, podcaster.token, '?from=2026-02-02&to=2026-02-01')).status).toBe(422);
    expect((await analytics(podcast.id, podcaster.token, '?from=2024-01-01&to=2026-01-01')).body.errors.from[0]).toContain('at most 366 days');
    const stranger = await seedUser({ type: 'PODCASTER' });
    expect((await analytics(podcast.id, stranger.token)).status).toBe(404);
    const brand = await seedUser({ type: 'BRAND' });
    expect((await analytics(podcast.id, brand.token)).status).toBe(403);
  });
});

describe('[MEASUREMENT] POST /api/check-analytics', () => {
  it('reads the feed: pending until the newest enclosures carry the prefix, then active; says which lack it', async () => {
    const { allowedFetchPort } = await testServer();
    const podcaster = await seedUser({ type: 'PODCASTER' });
    const { podcast } = await showWithEpisode(podcaster, `http://127.0.0.1:${allowedFetchPort}/show.rss`);
    const prefix = `${base}/e/${podcast.hash_id}/`;
    const feed = (prefixed: number) =>
      `<?xml version="1.0"?><rss version="2.0"><channel><title>Show</title>${[1, 2, 3, 4]
        .map(
          (n) =>
            `<item><title>Episode ${n}</title><guid>g${n}</guid><pubDate>${new Date(Date.UTC(2026, 0, n)).toUTCString()}</pubDate><enclosure url="${n > 4 - prefixed ? prefix : 'https://'}cdn.example.com/e${n}.mp3" length="1000" type="audio/mpeg"/></item>`,
        )
        .join('')}</channel></rss>`;
    feedBody = feed(2);
    const first = await call('POST', '/api/check-analytics', { token: podcaster.token, body: { podcast_id: podcast.id } });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ type: 'prefix', status: 'pending', has_active_analytics: false, prefix });
    expect(first.body.data.checked.map((c: { title: string; has_prefix: boolean }) => [c.title, c.has_prefix])).toEqual([
      ['Episode 4', true],
      ['Episode 3', true],
      ['Episode 2', false],
    ]);
    feedBody = feed(3);
    const second = await call('POST', '/api/check-analytics', { token: podcaster.token, body: { podcast_id: podcast.id } });
    expect(second.body.data).toMatchObject({ status: 'active', has_active_analytics: true });
    expect(second.body.data.last_check_at).toBeTruthy();
    const [row] = await (await getDb()).select().from(podcasts).where(eq(podcasts.id, podcast.id));
    expect(row!.has_active_analytics).toBe(true);
    expect((await analytics(podcast.id, podcaster.token)).body.data.status).toBe('active');
    // The feed's episodes were added, so their downloads have an episode to count for.
    expect((await (await getDb()).select().from(episodes).where(eq(episodes.podcast_id, podcast.id))).length).toBe(5);

    feedStatus = 404;
    const unreachable = await call('POST', '/api/check-analytics', { token: podcaster.token, body: { podcast_id: podcast.id } });
    feedStatus = 200;
    expect(unreachable.status).toBe(422);
    expect(unreachable.body.message).toContain('We could not read your feed');
    expect((await call('POST', '/api/check-analytics', { token: podcaster.token, body: { podcast_id: 'x' } })).status).toBe(422);
    const stranger = await seedUser({ type: 'PODCASTER' });
    expect((await call('POST', '/api/check-analytics', { token: stranger.token, body: { podcast_id: podcast.id } })).status).toBe(404);
  });

  it('makes a hosted show active at once', async () => {
    const podcaster = await seedUser({ type: 'PODCASTER', hosted: true });
    const [show] = await (await getDb()).select().from(podcasts).where(eq(podcasts.user_id, podcaster.id));
    const res = await call('POST', '/api/check-analytics', { token: podcaster.token, body: { podcast_id: show!.id } });
    expect(res.body.data).toMatchObject({ type: 'hosted', status: 'active', has_active_analytics: true, prefix: null });
  });
});

describe('[MEASUREMENT] the attribution snippet and POST /api/attribution/collect', () => {
  let brand: SeededUser;
  let site: { id: number; pid: string };
  const collect = (body: unknown, o: { origin?: string | null; ip?: string; ua?: string; raw?: string } = {}) =>
    hit('/api/attribution/collect', {
      method: 'POST',
      ip: o.ip ?? UK,
      ua: o.ua ?? CHROME,
      headers: { 'content-type': 'text/plain;charset=UTF-8', ...(o.origin === null ? {} : { origin: o.origin ?? 'https://www.shop-measure.example' }) },
      body: o.raw ?? JSON.stringify(body),
    });
  const stored = async () => (await (await getDb()).select().from(siteVisits).where(eq(siteVisits.site_id, site.id))).length;

  beforeAll(async () => {
    brand = await seedUser({ type: 'BRAND' });
    site = (await call('POST', '/api/attribution/sites', { token: brand.token, body: { domain: 'shop-measure.example' } })).body.data;
  });

  it('serves a small cacheable script for a known site id, and a 404 for any other', async () => {
    const res = await fetch(`${base}/attribution/${site.pid}.js`);
    const body = await res.text();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('javascript');
    expect(res.headers.get('cache-control')).toContain('public');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(body).toContain(JSON.stringify(site.pid));
    expect(body).toContain(`${base}/api/attribution/collect`);
    expect(body).toContain('sendBeacon');
    expect(Buffer.byteLength(body)).toBeLessThan(2048);
    expect((await fetch(`${base}/attribution/${site.pid}.js`, { headers: { 'if-none-match': res.headers.get('etag')! } })).status).toBe(304);
    expect((await fetch(`${base}/attribution/cp_nosuchsite1.js`)).status).toBe(404);
  });

  it('stores a genuine event once (204 with CORS for the site), and refuses spoofed, unknown, oversized or malformed ones', async () => {
    const event = { pid: site.pid, event: 'page-view', url: 'https://www.shop-measure.example/ember?email=a@b.c' };
    const ok = await collect(event);
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://www.shop-measure.example');
    expect((await collect(event)).status).toBe(204);
    expect(await stored()).toBe(1);
    const [visit] = await (await getDb()).select().from(siteVisits).where(eq(siteVisits.site_id, site.id));
    expect(visit!.url).toBe('https://www.shop-measure.example/ember');
    expect(visit!.household_keys?.length).toBeGreaterThan(0);
    expect(JSON.stringify(visit)).not.toContain(UK);

    expect((await collect(event, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await collect(event, { origin: null })).status).toBe(403);
    expect((await collect({ ...event, url: 'https://evil.example/ember' })).status).toBe(403);
    expect((await collect({ ...event, pid: 'cp_nosuchsite1' })).status).toBe(404);
    expect((await collect({ ...event, pid: '<script>' })).status).toBe(422);
    expect((await collect({ ...event, event: 'refund' })).status).toBe(422);
    expect((await collect({ ...event, url: `https://www.shop-measure.example/${'x'.repeat(3000)}` })).status).toBe(413);
    expect((await collect(null, { raw: '{"pid":' })).status).toBe(422);
    expect((await collect(event, { ua: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' })).status).toBe(204);
    expect(await stored()).toBe(1);

    const events = (await call('GET', `/api/attribution/sites/${site.id}/events`, { token: brand.token })).body.data;
    expect(events.find((e: { slug: string }) => e.slug === 'page-view').last_occurred).toBeTruthy();
    // A custom event is collected by its slug.
    await call('POST', `/api/attribution/sites/${site.id}/events`, { token: brand.token, body: { name: 'Add to cart' } });
    expect((await collect({ ...event, event: 'add-to-cart' })).status).toBe(204);
    expect(await stored()).toBe(2);
  });

  it('answers the CORS preflight for the site’s pages only, throttles a flood from one address and ignores a paused site', async () => {
    const allowed = await fetch(`${base}/api/attribution/collect`, { method: 'OPTIONS', headers: { origin: 'https://shop-measure.example' } });
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://shop-measure.example');
    expect((await fetch(`${base}/api/attribution/collect`, { method: 'OPTIONS', headers: { origin: 'https://evil.example' } })).status).toBe(403);

    const statuses: number[] = [];
    for (let i = 0; i < 62; i++)
      statuses.push((await collect({ pid: site.pid, event: 'page-view', url: `https://shop-measure.example/p${i}` }, { ip: '2.16.10.1' })).status);
    expect(statuses.slice(0, 60).every((s) => s === 204)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const flood = await collect({ pid: site.pid, event: 'page-view', url: 'https://shop-measure.example/again' }, { ip: '2.16.10.1' });
    expect(flood.headers.get('retry-after')).toBeTruthy();

    await (await getDb()).update(attributionSites).set({ status: 'paused' }).where(eq(attributionSites.id, site.id));
    const before = await stored();
    expect((await collect({ pid: site.pid, event: 'page-view', url: 'https://shop-measure.example/paused' }, { ip: US })).status).toBe(403);
    expect(await stored()).toBe(before);
    await (await getDb()).update(attributionSites).set({ status: 'active' }).where(eq(attributionSites.id, site.id));
  });
});

describe('[MEASUREMENT] listener stats, attribution and campaign figures', () => {
  it('gives an aired ad its episode’s listens, attributes the listening household’s visits, and computes listens, visitors, hits and CPM', async () => {
    const brand = await seedUser({ type: 'BRAND' });
    const podcaster = await seedUser({ type: 'PODCASTER' });
    const { podcast, episode, audio } = await showWithEpisode(podcaster);
    const { campaign } = await seedCampaign(brand.id, { title: 'Ember Launch' });
    const { jobs } = await seedProposal(campaign.id, podcast.id, [{ fee: 45_000 }]);
    // The brand hires and funds the ad (what it spent comes from the payments ledger).
    const hired = await call('POST', '/api/brand/hirings', { token: brand.token, body: { job_ids: [jobs[0]!.id] } });
    const card = await saveCard(brand);
    const funded = await call('POST', '/api/hirings/fund', { token: brand.token, body: { hiring_ids: [hired.body.data[0].id], card_id: card.id } });
    expect(funded.status, JSON.stringify(funded.body)).toBe(200);
    const db = await getDb();
    // Delivery links the aired ad to its episode; measurement reads it.
    await db.update(packageJobs).set({ aired_episode_id: episode.id, aired_at: episode.published_at }).where(eq(packageJobs.id, jobs[0]!.id));
    const site = (await call('POST', '/api/attribution/sites', { token: brand.token, body: { domain: 'ember-measure.example' } })).body.data;
    await call('POST', `/api/attribution/sites/${site.id}/campaigns`, { token: brand.token, body: { campaign_id: campaign.id } });

    // One household listens with two apps; later it and a stranger visit the brand's site.
    await hit(audio, { ip: UK });
    await hit(audio, { ip: UK, ua: OVERCAST });
    await runMeasurement();
    const visit = (event: string, ip: string, path = '/ember') =>
      hit('/api/attribution/collect', {
        method: 'POST',
        ip,
        ua: CHROME,
        headers: { 'content-type': 'text/plain', origin: 'https://ember-measure.example' },
        body: JSON.stringify({ pid: site.pid, event, url: `https://ember-measure.example${path}` }),
      });
    expect((await visit('page-view', UK)).status).toBe(204);
    expect((await visit('purchase', UK, '/thanks')).status).toBe(204);
    expect((await visit('page-view', US)).status).toBe(204);
    await runMeasurement();

    const [stats] = await db.select().from(listenerStats).where(eq(listenerStats.package_job_id, jobs[0]!.id));
    expect(stats).toMatchObject({ avg: 2, episode_id: episode.id, is_self_reported: false });
    const listed = (await call('GET', '/api/campaigns', { token: brand.token })).body.data.find((c: { id: number }) => c.id === campaign.id);
    expect(listed).toMatchObject({ listens: 2, visitors: 1, hits: 2, spent: 45_000, cpm: 22_500_000 });
    // The stats page's charts: the two listens on the day they were downloaded (by app, country and
    // device), the release on its air day, the household's visit on its day, and the show's listens.
    const charts = await campaignCharts(campaign.id);
    const day = (d: Date) => d.toISOString().slice(0, 10);
    const today = charts.days.indexOf(testToday());
    expect(charts.days).toHaveLength(30);
    expect(today).toBe(29);
    expect(charts.listens[today]).toBe(2);
    expect(charts.listens.reduce((a, b) => a + b)).toBe(2);
    expect(charts.releases[charts.days.indexOf(day(episode.published_at!))]).toBe(1);
    expect(charts.releases.reduce((a, b) => a + b)).toBe(1);
    expect(charts.visitors[today]).toBe(1);
    expect(charts.distributors).toEqual([
      { name: 'Apple Podcasts', downloads: 1 },
      { name: 'Overcast', downloads: 1 },
    ]);
    expect(charts.countries).toEqual([{ name: 'GB', downloads: 2 }]);
    expect(charts.devices).toEqual([{ name: 'Phone', downloads: 2 }]);
    expect(charts.creators).toEqual([{ name: podcast.title, measured: 2, self_reported: 0 }]);
    const events = (await call('GET', `/api/attribution/sites/${site.id}/events`, { token: brand.token })).body.data;
    expect(Object.fromEntries(events.map((e: { slug: string; attributed: number }) => [e.slug, e.attributed]))).toMatchObject({
      'page-view': 1,
      purchase: 1,
      'sign-up': 0,
    });
    // Matched visits no longer keep the address's hashes of past days.
    expect((await db.select().from(siteVisits).where(eq(siteVisits.site_id, site.id))).every((v) => v.household_keys === null && v.matched_at)).toBe(true);
    const activity = (await call('GET', `/api/attribution/sites/${site.id}/activity`, { token: brand.token })).body.data;
    expect(activity).toMatchObject({ events_30d: 3, attributed_30d: 2, campaigns: [{ id: campaign.id, visitors: 1, hits: 2 }] });
    expect(activity.last_seen_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // Heard from at the instant of the test clock (measurement reads the same clock as the calendar rules).
    expect(activity.last_seen_at).toBe(TEST_NOW.toISOString());

    const html = (await page(`/campaign/${campaign.id}/stats`, brand.cookie)).html;
    for (const name of [
      'Listens',
      'Distributors',
      'Countries',
      'Devices',
      'Ad Releases',
      'Unique Visitors',
      'Ad Releases and Unique Visitors combined',
      'Creators',
    ]) {
      expect(html).toContain(`>${name}</h3>`);
    }
    expect(html).toMatch(/data-testid="stat-listens-measured"[^>]*>2</);
    expect(html).toMatch(/data-testid="stat-visitors"[^>]*>1</);
  });

  it('fills in a show without analytics with its approved manual stats, marked self-reported', async () => {
    const brand = await seedUser({ type: 'BRAND' });
    const podcaster = await seedUser({ type: 'PODCASTER' });
    const { podcast, episode } = await showWithEpisode(podcaster);
    const { campaign } = await seedCampaign(brand.id, { title: 'Self Reported' });
    const { jobs } = await seedProposal(campaign.id, podcast.id, [{ fee: 20_000 }]);
    const db = await getDb();
    const [manual] = await db
      .insert(podcastManualStats)
      .values({ podcast_id: podcast.id, listens: 3250, status: 'verified', verified_at: TEST_NOW })
      .returning();
    await db.update(packageJobs).set({ aired_episode_id: episode.id, aired_at: episode.published_at }).where(eq(packageJobs.id, jobs[0]!.id));
    await runMeasurement();
    const [stats] = await db.select().from(listenerStats).where(eq(listenerStats.package_job_id, jobs[0]!.id));
    expect(stats).toMatchObject({ avg: 3250, manual_stats_id: manual!.id, is_self_reported: true });
    const listed = (await call('GET', '/api/campaigns', { token: brand.token })).body.data.find((c: { id: number }) => c.id === campaign.id);
    // Self-reported listens are kept apart from measured ones; `listens` is their total.
    expect(listed).toMatchObject({ listens: 3250, listens_measured: 0, listens_self_reported: 3250, cpm: 0 });
    const html = (await page(`/campaign/${campaign.id}/stats`, brand.cookie)).html;
    expect(html).toMatch(/data-testid="stat-listens-measured"[^>]*>0</);
    expect(html).toMatch(/data-testid="stat-listens-self-reported"[^>]*>3,250</);
  });
});
