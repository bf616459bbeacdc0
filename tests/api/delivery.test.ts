/**
 * Delivery and proof (issues 12 and 33) over HTTP against the built server: air dates and their
 * reasons, the funded-only rules, the ad's review, the date rule of linked episodes (by id and by the
 * address of an item of the show's feed), the listener on real generated audio (a complete airing:
 * completed and released, with its evidence; 3 s of the ad: review with the sentence), the brand's
 * confirmation, disputes settled by an admin (release, refund), the 7-day completion of a listened and
 * dated link only, feed watching with conditional GETs, ratings, and a hired item that cannot be declined.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../src/lib/server/db/client';
import { airChecks, disputes, episodes, messages, notifications, packageJobs, podcasts, refundRequests, transactions } from '../../src/lib/server/db/schema';
import { encodeMp3 } from '../../src/lib/server/delivery/decode-audio';
import { completeUnansweredLinks } from '../../src/lib/server/delivery/link-episode';
import { watchFeeds } from '../../src/lib/server/delivery/watch-feeds';
import { pollFeed as pollWithRecorder } from '../../src/lib/server/podcasts/poll-feed';
import { recordFeedEnclosures } from '../../src/lib/server/measurement/analytics/feed-enclosures';

const pollFeed = (show: Parameters<typeof pollWithRecorder>[0]) => pollWithRecorder(show, recordFeedEnclosures);
import { concat, GUEST_VOICE, HOST_VOICE, mix, speech, SYNTH_RATE, wav } from '../../src/lib/server/delivery/synthetic-speech';
import { seedUser } from '../support/builders';
import { call } from '../support/http';
import { saveCard, seedHire } from '../support/payment-builders';
import { testServer } from '../support/test-server';
import type { SeededUser } from '../support/builders';
import { eventually as eventuallyWithin } from '../support/eventually';

const AD_AT_SECONDS = 70;
let audioDir = '';
let files: Server;
let feedRequests: Array<Record<string, string | string[] | undefined>> = [];
let feedXml = '';
/** Each test show's own feed (its items by file and day), at /feeds/{podcast id}.xml. */
const showFeeds = new Map<number, string>();
let base = '';

beforeAll(async () => {
  audioDir = mkdtempSync(join(tmpdir(), 'cuepoint-delivery-'));
  const ad = speech(HOST_VOICE, 27, 11);
  const otherAd = speech(HOST_VOICE, 27, 12);
  const talk = speech(HOST_VOICE, AD_AT_SECONDS, 1);
  const guest = speech(GUEST_VOICE, 50, 2);
  await encodeMp3(wav(ad), 128, join(audioDir, 'ad.mp3'));
  // The episode carries the ad re-encoded at another bitrate and a lower volume; the other one carries a different ad by the same voice.
  await encodeMp3(wav(concat([talk, mix(ad, 0.6, 0.005), guest])), 64, join(audioDir, 'with-ad.mp3'));
  await encodeMp3(wav(concat([talk, mix(otherAd, 0.6, 0.005), guest])), 64, join(audioDir, 'without-ad.mp3'));
  // Three seconds of the 27 s ad (its 10th to 13th), 16 s in.
  const part = ad.subarray(10 * SYNTH_RATE, 13 * SYNTH_RATE);
  await encodeMp3(wav(concat([speech(HOST_VOICE, 16, 3), part, guest])), 64, join(audioDir, 'three-seconds.mp3'));
  const { allowedFetchPort } = await testServer();
  base = `http://127.0.0.1:${allowedFetchPort}`;
  files = createServer((req, res) => {
    const show = /^\/feeds\/(\d+)\.xml$/.exec(req.url ?? '');
    if (show) {
      res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(showFeeds.get(Number(show[1])) ?? '');
      return;
    }
    if (req.url === '/feed.xml') {
      feedRequests.push(req.headers);
      if (req.headers['if-none-match'] === '"v1"') {
        res.writeHead(304).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/rss+xml', etag: '"v1"' }).end(feedXml);
      return;
    }
    const name = (req.url ?? '').slice(1).split('?')[0]!;
    if (!/^[\w-]+\.mp3$/.test(name) || !existsSync(join(audioDir, name))) {
      res.writeHead(404).end();
      return;
    }
    const body = readFileSync(join(audioDir, name));
    res.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': body.length }).end(body);
  });
  await new Promise<void>((resolve) => files.listen(allowedFetchPort, '127.0.0.1', resolve));
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => files?.close(resolve));
});

/** Waits for the queue (ffmpeg's ad insertion included) longer than the other files do. */
const eventually = <T>(read: () => Promise<T>, ok: (v: T) => boolean) => eventuallyWithin(read, ok, 30_000);

async function jobOf(id: number) {
  const db = await getDb();
  return (await db.select().from(packageJobs).where(eq(packageJobs.id, id)))[0]!;
}

/** A hire of Morning Miles (Mondays and Wednesdays) with two sponsorship spots, funded unless told not to. */
async function fundedHire(options: { funded?: boolean; fees?: number[] } = {}) {
  const hire = await seedHire({ fees: options.fees ?? [30_000, 20_000] });
  const db = await getDb();
  await db
    .update(podcasts)
    .set({ schedule_settings: { days: [1, 3], frequency: 1, start_from: '2026-01-05' }, time_zone: 'UTC', url: `${base}/feeds/${hire.podcast.id}.xml` })
    .where(eq(podcasts.id, hire.podcast.id));
  if (options.funded !== false) {
    const card = await saveCard(hire.brand);
    expect((await call('POST', '/api/hirings/fund', { token: hire.brand.token, body: { hiring_ids: [hire.hiring.id], card_id: card.id } })).status).toBe(200);
  }
  return hire;
}

async function submitAd(podcaster: SeededUser, jobId: number, file = 'ad.mp3') {
  const { baseUrl } = await testServer();
  const form = new FormData();
  form.append('files[]', new Blob([readFileSync(join(audioDir, file))], { type: 'audio/mpeg' }), 'the-ad.mp3');
  const res = await fetch(`${baseUrl}/api/podcaster/jobs/${jobId}/deliverables`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${podcaster.token}`, accept: 'application/json' },
  });
  return { status: res.status, body: (await res.json()) as { data: { id: number }; errors?: Record<string, string[]> } };
}

async function approvedAd(hire: Awaited<ReturnType<typeof fundedHire>>, jobId: number) {
  const sent = await submitAd(hire.podcaster, jobId);
  expect(sent.status).toBe(201);
  expect((await jobOf(jobId)).status).toBe('in-review');
  expect((await call('POST', `/api/deliverables/${sent.body.data.id}/approved`, { token: hire.brand.token })).status).toBe(200);
  expect((await jobOf(jobId)).status).toBe('in-progress');
  return sent.body.data.id;
}

const datePath = (pkgId: number, jobId: number) => `/api/podcaster/packages/${pkgId}/jobs/${jobId}/delivery-dates`;

describe('[DELIVERY] air dates', () => {
  it('books only a real, upcoming, scheduled and free day of a funded job, and moving it frees the old slot', async () => {
    const unfunded = await fundedHire({ funded: false });
    const [idle] = unfunded.hiring.job_ids;
    const refused = await call('POST', datePath(unfunded.pkg.id, idle!), { token: unfunded.podcaster.token, body: { publish_date: '2026-11-25' } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.publish_date[0]).toMatch(/not funded/);

    const { pkg, podcaster, podcast, hiring } = await fundedHire();
    const [first, second] = hiring.job_ids;
    const book = (jobId: number, publish_date: string) => call('POST', datePath(pkg.id, jobId), { token: podcaster.token, body: { publish_date } });
    const reason = async (jobId: number, day: string) => {
      const res = await book(jobId, day);
      expect(res.status, day).toBe(422);
      return res.body.errors.publish_date[0] as string;
    };
    // The test clock's today is Monday 23 November 2026.
    expect(await reason(first!, '2027-02-30')).toBe('The publish date must be a real date (YYYY-MM-DD).');
    expect(await reason(first!, '2026-11-16')).toBe('November 16, 2026 has already passed for Morning Miles.');
    expect(await reason(first!, '2026-11-26')).toBe('Morning Miles does not publish on Thursdays.');
    expect(await reason(first!, '2027-11-29')).toBe('The publish date must be within the next 12 months.');

    // The picker offers the bookable days only.
    const offered = await call('GET', datePath(pkg.id, first!), { token: podcaster.token });
    expect(offered.body.data.days).toContain('2026-11-25');
    expect(offered.body.data.days).not.toContain('2026-11-26');
    expect(offered.body.data.days.every((d: string) => d >= '2026-11-23')).toBe(true);

    const ok = await book(first!, '2026-11-25');
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.delivery_date).toBe('2026-11-25');
    const calendar = async () =>
      (await call('GET', `/api/slots?podcast_id=${podcast.id}`, { token: podcaster.token })).body.data as Array<{ date: string; type: string; status: string }>;
    expect((await calendar()).find((s) => s.date === '2026-11-25' && s.type === 'sponsorship')?.status).toBe('booked');
    expect(await reason(second!, '2026-11-25')).toBe('The Sponsorship slot on November 25, 2026 is already booked.');
    expect((await call('GET', datePath(pkg.id, second!), { token: podcaster.token })).body.data.days).not.toContain('2026-11-25');

    // Moving the date frees the old day.
    expect((await book(first!, '2026-11-30')).status).toBe(200);
    const after = await calendar();
    expect(after.find((s) => s.date === '2026-11-25' && s.type === 'sponsorship')?.status).toBe('available');
    expect(after.find((s) => s.date === '2026-11-30' && s.type === 'sponsorship')?.status).toBe('booked');
    expect((await book(second!, '2026-11-25')).status).toBe(200);
  });
});

describe('[DELIVERY] the job’s life', () => {
  it('refuses a deliverable for an unfunded job, and a hired item cannot be declined', async () => {
    const { podcaster, brand, hiring } = await fundedHire({ funded: false });
    const [jobId] = hiring.job_ids;
    const sent = await submitAd(podcaster, jobId!);
    expect(sent.status).toBe(422);
    expect(sent.body.errors?.job?.[0]).toMatch(/not funded/);
    const declined = await call('POST', `/api/brand/proposal-items/${jobId}/declined`, { token: brand.token });
    expect(declined.status).toBe(422);
    expect(declined.body.message).toMatch(/hired/);
  });

  it('a rejected ad waits for a new version, which goes back to review', async () => {
    const { podcaster, brand, hiring } = await fundedHire();
    const [jobId] = hiring.job_ids;
    const sent = await submitAd(podcaster, jobId!);
    expect((await call('POST', `/api/deliverables/${sent.body.data.id}/reject`, { token: brand.token, body: { reason: 'Say the code twice.' } })).status).toBe(
      200,
    );
    expect(await jobOf(jobId!)).toMatchObject({ status: 'rejected', has_reject_deliverable: true });
    expect((await submitAd(podcaster, jobId!)).status).toBe(201);
    expect((await jobOf(jobId!)).status).toBe('in-review');
  });

  it('ratings move the podcast’s rating_avg at once', async () => {
    const { brand, pkg, podcast } = await fundedHire({ funded: false });
    expect(
      (await call('POST', `/api/brand/packages/${pkg.id}/rates`, { token: brand.token, body: { responsiveness: 5, conversion: 4, content_quality: 3 } }))
        .status,
    ).toBe(200);
    const db = await getDb();
    expect((await db.select().from(podcasts).where(eq(podcasts.id, podcast.id)))[0]!.rating_avg).toBe(4);
  });
});

/** An item of a show's feed: its audio file (served here) and its publication instant. */
const item = (guid: string, file: string, date: string) =>
  `<item><title>${guid}</title><guid>${guid}</guid><pubDate>${new Date(date).toUTCString()}</pubDate><enclosure url="${base}/${file}" type="audio/mpeg" length="1"/></item>`;
const rss = (items: string[]) =>
  `<?xml version="1.0"?><rss version="2.0"><channel><title>Morning Miles</title><description>Runs</description>${items.join('')}</channel></rss>`;

/** Publishes a show's feed and reads it in, as the watcher does; answers its episodes' ids by guid. */
async function publish(podcastId: number, items: Array<[guid: string, file: string, date: string]>): Promise<Record<string, number>> {
  showFeeds.set(podcastId, rss(items.map(([guid, file, date]) => item(guid, file, date))));
  const db = await getDb();
  const [show] = await db.select().from(podcasts).where(eq(podcasts.id, podcastId));
  await pollFeed(show!);
  const rows = await db.select().from(episodes).where(eq(episodes.podcast_id, podcastId));
  return Object.fromEntries(rows.map((e) => [e.guid, e.id]));
}

const link = (hire: Awaited<ReturnType<typeof fundedHire>>, deliverableId: number, body: Record<string, unknown>) =>
  call('POST', `/api/deliverables/${deliverableId}/episode`, { token: hire.podcaster.token, body });

/** The job's latest linked check, once the listener has answered. */
async function listened(jobId: number) {
  const db = await getDb();
  const [check] = await eventually(
    () => db.select().from(airChecks).where(eq(airChecks.package_job_id, jobId)).orderBy(desc(airChecks.id)).limit(1),
    (rows) => rows[0]?.status !== 'pending',
  );
  return check!;
}

/** The listener's message of a deliverable, once posted (it follows the check's verdict, after its commit). */
async function messageOf(deliverableId: number, type: 'ad-automatically-detected' | 'ad-manually-detected') {
  const [message] = await eventually(
    () => messagesOf(deliverableId, type),
    (rows) => rows.length > 0,
  );
  return message!;
}

async function messagesOf(deliverableId: number, type: 'ad-automatically-detected' | 'ad-manually-detected') {
  const db = await getDb();
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.deliverable_id, deliverableId), eq(messages.type, type)));
}

/** A hire whose approved ad the podcaster links to an episode of today where Cuepoint hears nothing (or cannot listen). */
async function linkedWithoutAd(file = 'without-ad.mp3') {
  const hire = await fundedHire();
  const [jobId] = hire.hiring.job_ids;
  const deliverableId = await approvedAd(hire, jobId!);
  const ids = await publish(hire.podcast.id, [['today', file, '2026-11-23T04:00:00Z']]);
  expect((await link(hire, deliverableId, { episode_id: ids.today })).status).toBe(202);
  await eventually(
    () => jobOf(jobId!),
    (j) => j.status === 'in-review',
  );
  return { hire, jobId: jobId!, deliverableId, check: await listened(jobId!) };
}

describe('[DELIVERY] proof that it aired', () => {
  it('a complete airing in an episode of the feed: detected at m:ss with its evidence, completed, fee released', async () => {
    const hire = await fundedHire();
    const [jobId] = hire.hiring.job_ids;
    const deliverableId = await approvedAd(hire, jobId!);
    // Published this morning, before the ad was approved at 06:30 the same day: the show's day counts.
    showFeeds.set(hire.podcast.id, rss([item('aired', 'with-ad.mp3', '2026-11-23T05:00:00Z')]));
    // The address of an item of the show's feed (read again, as it is not known yet).
    const linked = await link(hire, deliverableId, { url: `${base}/with-ad.mp3` });
    expect(linked.status, JSON.stringify(linked.body)).toBe(202);
    expect(linked.body.data).toMatchObject({ status: 'pending', source: 'link' });
    const job = await eventually(
      () => jobOf(jobId!),
      (j) => j.status === 'completed',
    );
    expect(job.status).toBe('completed');
    expect(Math.abs(job.ad_offset_ms! - AD_AT_SECONDS * 1000)).toBeLessThan(250);
    expect(job.aired_at?.toISOString()).toBe('2026-11-23T05:00:00.000Z');
    // The evidence is kept with the check: where, how much of the ad's length, the score, every airing.
    const check = await listened(jobId!);
    expect(check).toMatchObject({ status: 'found', ad_ms: 27_000 });
    expect(Math.abs(check.matched_ms! - 27_000)).toBeLessThanOrEqual(1500);
    expect(check.score).toBeGreaterThan(0.05);
    expect(check.airings).toHaveLength(1);
    expect(check.airings![0]).toMatchObject({ complete: true });
    const detected = await messageOf(deliverableId, 'ad-automatically-detected');
    expect(detected.content).toContain('at 1:10');
    expect(detected.content).toContain('with-ad.mp3#t=70');
    expect(detected.content).toMatch(/We heard 2[67] s of your 27 s ad at 1:10/);
    const db = await getDb();
    const [release] = await db
      .select()
      .from(transactions)
      .where(and(eq(transactions.job_id, jobId!), eq(transactions.kind, 'release')));
    expect(release).toMatchObject({ fee: 30_000, service_fee: 3_000 });
    expect((await call('GET', '/api/earnings', { token: hire.podcaster.token })).body.data.available).toBe(27_000);
    // Completed Ads shows the episode, where the ad starts and what was heard, to both sides.
    for (const user of [hire.brand, hire.podcaster]) {
      const { baseUrl } = await testServer();
      const html = await (await fetch(`${baseUrl}/completed-ads`, { headers: { cookie: user.cookie } })).text();
      expect(html).toContain('Spring Launch');
      expect(html).toContain('1:10');
      expect(html).toMatch(/Detected by Cuepoint · checked [\d/]+: We heard 2[67] s of your 27 s ad at 1:10/);
    }
    // Brand stats count the states; the campaign closes once every hired ad is completed or dropped.
    const stats = (await call('GET', '/api/brand/stats', { token: hire.brand.token })).body.data;
    expect(stats.completed.job_count).toBe(1);
    expect(stats.jobs_in_progress.job_count).toBe(1);
    const early = await call('POST', `/api/brand/campaigns/${hire.campaign.id}/closed`, { token: hire.brand.token });
    expect(early.status).toBe(422);
    expect(early.body.message).toBe('One hired ad is still open: a campaign closes once every ad is completed or dropped.');
    expect((await call('POST', `/api/brand/jobs/${hire.hiring.job_ids[1]}/cancel`, { token: hire.brand.token })).status).toBe(200);
    expect((await jobOf(hire.hiring.job_ids[1]!)).status).toBe('dropped');
    const closed = await call('POST', `/api/brand/campaigns/${hire.campaign.id}/closed`, { token: hire.brand.token });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.data.status).toBe('closed');
    // A completed job takes no other link.
    expect((await link(hire, deliverableId, { url: `${base}/with-ad.mp3` })).status).toBe(422);
  });

  it('links only an episode of the show’s feed published on or after the day the ad was approved: by id, by address, in the picker', async () => {
    const hire = await fundedHire();
    const [jobId] = hire.hiring.job_ids;
    // Before approval there is nothing to link.
    expect((await call('GET', `/api/deliverables/0/episodes`, { token: hire.podcaster.token })).status).toBe(404);
    const deliverableId = await approvedAd(hire, jobId!);
    const ids = await publish(hire.podcast.id, [
      ['back-catalogue', 'without-ad.mp3', '2026-11-09T05:00:00Z'],
      ['today', 'with-ad.mp3', '2026-11-23T05:00:00Z'],
      ['next-week', 'three-seconds.mp3', '2026-11-30T05:00:00Z'],
    ]);
    const tooOld = 'This episode was published on 11/09/2026, before your ad was approved on 11/23/2026. Link an episode published on or after 11/23/2026.';
    const byId = await link(hire, deliverableId, { episode_id: ids['back-catalogue'] });
    expect(byId.status).toBe(422);
    expect(byId.body).toMatchObject({ message: tooOld, errors: { episode_id: [tooOld] } });
    const byUrl = await link(hire, deliverableId, { url: `${base}/without-ad.mp3#t=0` });
    expect(byUrl.status).toBe(422);
    expect(byUrl.body.errors.url).toEqual([tooOld]);
    const elsewhere = await link(hire, deliverableId, { url: `${base}/an-upload-anywhere.mp3` });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.errors.url[0]).toBe(
      'That address is not an episode in Morning Miles’s feed. Link the episode as the feed lists it: choose it in the list, or paste its audio address from the feed (an episode published on or after 11/23/2026).',
    );
    const scheduled = await link(hire, deliverableId, { episode_id: ids['next-week'] });
    expect(scheduled.body.errors.episode_id[0]).toBe('That episode is scheduled for 11/30/2026: link it once it is out.');
    // The picker offers only what can be linked.
    const picker = await call('GET', `/api/deliverables/${deliverableId}/episodes`, { token: hire.podcaster.token });
    expect(picker.status).toBe(200);
    expect(picker.body.data.approved_on).toBe('2026-11-23');
    expect(picker.body.data.episodes.map((e: { id: number }) => e.id)).toEqual([ids.today]);
    expect((await call('GET', `/api/deliverables/${deliverableId}/episodes`, { token: hire.brand.token })).status).toBe(403);
    const stranger = await seedUser({ type: 'PODCASTER' });
    expect((await call('GET', `/api/deliverables/${deliverableId}/episodes`, { token: stranger.token })).status).toBe(404);
    expect((await link(hire, deliverableId, { episode_id: ids.today })).status).toBe(202);
    expect(
      (
        await eventually(
          () => jobOf(jobId!),
          (j) => j.status === 'completed',
        )
      ).status,
    ).toBe('completed');
  });

  it('3 s of the 27 s ad is not a pass: review with what was heard, then the brand confirms it', async () => {
    const hire = await fundedHire();
    const [jobId] = hire.hiring.job_ids;
    const deliverableId = await approvedAd(hire, jobId!);
    const ids = await publish(hire.podcast.id, [['part', 'three-seconds.mp3', '2026-11-23T04:00:00Z']]);
    expect((await link(hire, deliverableId, { episode_id: ids.part })).status).toBe(202);
    const check = await listened(jobId!);
    expect(check.status).toBe('not-found');
    expect((await jobOf(jobId!)).status).toBe('in-review');
    expect(Math.round(check.matched_ms! / 1000)).toBe(3);
    expect(Math.abs(check.offset_ms! - 16_000)).toBeLessThan(700);
    const manual = await messageOf(deliverableId, 'ad-manually-detected');
    expect(manual.content).toContain('We heard 3 s of your 27 s ad at 0:16');
    expect(manual.content).toContain('three-seconds.mp3#t=16');
    expect(await messagesOf(deliverableId, 'ad-automatically-detected')).toHaveLength(0);
    // Both sides read the evidence on the job.
    const panel = await call('GET', `/api/discussions/${manual.discussion_id}/jobs`, { token: hire.brand.token });
    const job = panel.body.data.jobs.find((j: { id: number }) => j.id === jobId);
    expect(job.evidence).toMatchObject({ heard: 'We heard 3 s of your 27 s ad at 0:16.', start: '0:16', ad_ms: 27_000, status: 'not-found' });
    expect(job.evidence.episode).toMatchObject({ title: 'part', published_at: '2026-11-23T04:00:00.000Z' });
    expect(job.evidence.play_url).toMatch(/three-seconds\.mp3#t=16$/);
    expect(job.approved_on).toBe('2026-11-23');
    // Only the brand answers; the confirmation completes the job and releases the fee.
    expect((await call('POST', `/api/deliverables/${deliverableId}/aired`, { token: hire.podcaster.token })).status).toBe(403);
    expect((await call('POST', `/api/deliverables/${deliverableId}/aired`, { token: hire.brand.token })).status).toBe(200);
    expect((await jobOf(jobId!)).status).toBe('completed');
    expect((await call('POST', `/api/deliverables/${deliverableId}/aired`, { token: hire.brand.token })).status).toBe(422);
    const db = await getDb();
    expect(
      await db
        .select()
        .from(transactions)
        .where(and(eq(transactions.job_id, jobId!), eq(transactions.kind, 'release'))),
    ).toHaveLength(1);
  });

  it('a dispute goes to the admins’ queue, where an admin refunds or releases, and both sides are told', async () => {
    const admin = await seedUser({ type: 'ADMIN' });
    const refunded = await linkedWithoutAd();
    const { hire, jobId, deliverableId } = refunded;
    expect(refunded.check).toMatchObject({ status: 'not-found', matched_ms: 0, error: null });
    const manual = await messageOf(deliverableId, 'ad-manually-detected');
    expect(manual.content).toContain('We did not hear your ad in the episode.');
    const disputedPath = `/api/deliverables/${deliverableId}/disputed`;
    const noReason = await call('POST', disputedPath, { token: hire.brand.token, body: {} });
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors.reason).toBeDefined();
    const opened = await call('POST', disputedPath, { token: hire.brand.token, body: { reason: 'The episode has no ad of ours in it at all.' } });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    expect(opened.body.data).toMatchObject({ status: 'open', reason: 'The episode has no ad of ours in it at all.' });
    // The job waits for the admin: no second dispute, no confirmation, no new link meanwhile.
    expect((await jobOf(jobId)).status).toBe('in-review');
    expect((await call('POST', disputedPath, { token: hire.brand.token, body: { reason: 'Again and again and again.' } })).status).toBe(422);
    expect((await call('POST', `/api/deliverables/${deliverableId}/aired`, { token: hire.brand.token })).status).toBe(422);
    const relink = await link(hire, deliverableId, { url: `${base}/without-ad.mp3` });
    expect(relink.body.errors.job[0]).toMatch(/admin is reviewing it/);
    // The podcaster adds their side.
    const disputeId = opened.body.data.id as number;
    expect((await call('POST', `/api/disputes/${disputeId}/response`, { token: hire.brand.token, body: { response: 'x'.repeat(20) } })).status).toBe(403);
    const answered = await call('POST', `/api/disputes/${disputeId}/response`, {
      token: hire.podcaster.token,
      body: { response: 'It aired as a live read at the start of the show.' },
    });
    expect(answered.status).toBe(200);
    // The admins' queue: the evidence and both sides' words.
    expect((await call('GET', '/api/admin/disputes', { token: hire.brand.token })).status).toBe(403);
    const queue = await call('GET', '/api/admin/disputes', { token: admin.token });
    const row = queue.body.data.find((d: { id: number }) => d.id === disputeId);
    expect(row).toMatchObject({
      status: 'open',
      reason: 'The episode has no ad of ours in it at all.',
      response: 'It aired as a live read at the start of the show.',
      podcast: { title: 'Morning Miles' },
      job: { fee: 30_000, fee_display: '$300' },
    });
    expect(row.evidence).toMatchObject({ heard: 'We did not hear your ad in the episode.', episode: { title: 'today' } });
    const { baseUrl } = await testServer();
    const page = await fetch(`${baseUrl}/admin/disputes`, { headers: { cookie: admin.cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('The episode has no ad of ours in it at all.');
    expect((await fetch(`${baseUrl}/admin/disputes`, { headers: { cookie: hire.brand.cookie } })).status).toBe(404);
    // Refund: the job is dropped and the brand's money goes back; both sides are told.
    expect((await call('POST', `/api/admin/disputes/${disputeId}/refund`, { token: hire.brand.token })).status).toBe(403);
    const refund = await call('POST', `/api/admin/disputes/${disputeId}/refund`, { token: admin.token, body: { note: 'No trace of the ad.' } });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    expect(refund.body.data).toMatchObject({ status: 'refunded', resolution_note: 'No trace of the ad.' });
    expect((await jobOf(jobId)).status).toBe('dropped');
    const db = await getDb();
    expect(await db.select().from(refundRequests).where(eq(refundRequests.job_id, jobId))).toHaveLength(1);
    for (const user of [hire.brand, hire.podcaster])
      expect(
        await db
          .select()
          .from(notifications)
          .where(and(eq(notifications.notifiable_id, user.id), eq(notifications.type, 'dispute.refunded'))),
      ).toHaveLength(1);
    const thread = await db.select().from(messages).where(eq(messages.discussion_id, manual.discussion_id));
    expect(thread.some((m) => m.content.includes('refunded the brand'))).toBe(true);
    expect((await call('POST', `/api/admin/disputes/${disputeId}/release`, { token: admin.token })).status).toBe(422);

    // Release: the job completes and the fee goes to the podcaster.
    const other = await linkedWithoutAd();
    const second = await call('POST', `/api/deliverables/${other.deliverableId}/disputed`, {
      token: other.hire.brand.token,
      body: { reason: 'I could not find it when I listened.' },
    });
    const release = await call('POST', `/api/admin/disputes/${second.body.data.id}/release`, { token: admin.token });
    expect(release.status).toBe(200);
    expect((await jobOf(other.jobId)).status).toBe('completed');
    expect(
      await db
        .select()
        .from(transactions)
        .where(and(eq(transactions.job_id, other.jobId), eq(transactions.kind, 'release'))),
    ).toHaveLength(1);
    expect(
      await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.notifiable_id, other.hire.podcaster.id), eq(notifications.type, 'dispute.released'))),
    ).toHaveLength(1);
    const settled = (await call('GET', '/api/admin/disputes?status=settled', { token: admin.token })).body.data.map((d: { id: number }) => d.id);
    expect(settled).toEqual(expect.arrayContaining([disputeId, second.body.data.id]));
    expect((await call('GET', '/api/admin/disputes', { token: admin.token })).body.data.map((d: { id: number }) => d.id)).not.toContain(disputeId);
    expect(await db.select().from(disputes).where(eq(disputes.status, 'open'))).not.toContainEqual(expect.objectContaining({ id: disputeId }));
  });

  it('an unanswered link completes after 7 days only when its episode was listened to and passed the date rule', async () => {
    const heard = await linkedWithoutAd();
    const unreachable = await linkedWithoutAd('missing.mp3');
    expect(unreachable.check.error).toBe('The episode’s audio address answered 404.');
    const manual = await messageOf(unreachable.deliverableId, 'ad-manually-detected');
    expect(manual.content).toContain('As Cuepoint could not listen to this episode, it waits for your answer.');
    await completeUnansweredLinks(new Date(Date.now() + 6 * 86_400_000));
    expect((await jobOf(heard.jobId)).status).toBe('in-review');
    await completeUnansweredLinks(new Date(Date.now() + 8 * 86_400_000));
    expect((await jobOf(heard.jobId)).status).toBe('completed');
    expect((await jobOf(unreachable.jobId)).status).toBe('in-review');
  });

  it('watches the feed after the air date: a new episode with the ad completes the job, an unchanged feed is a 304', async () => {
    const hire = await fundedHire();
    const [jobId] = hire.hiring.job_ids;
    const db = await getDb();
    await db
      .update(podcasts)
      .set({ url: `${base}/feed.xml` })
      .where(eq(podcasts.id, hire.podcast.id));
    expect((await call('POST', datePath(hire.pkg.id, jobId!), { token: hire.podcaster.token, body: { publish_date: '2026-11-23' } })).status).toBe(200);
    await approvedAd(hire, jobId!);
    const item = (guid: string, file: string, date: string) =>
      `<item><title>${guid}</title><guid>${guid}</guid><pubDate>${new Date(date).toUTCString()}</pubDate><enclosure url="${base}/${file}" type="audio/mpeg" length="1"/></item>`;
    feedXml = `<?xml version="1.0"?><rss version="2.0"><channel><title>Morning Miles</title><description>Runs</description>${item('before', 'with-ad.mp3', '2026-11-20T05:00:00Z')}${item('without', 'without-ad.mp3', '2026-11-23T04:00:00Z')}${item('aired', 'with-ad.mp3', '2026-11-23T05:00:00Z')}</channel></rss>`;
    feedRequests = [];
    await watchFeeds({ podcastId: hire.podcast.id });
    const job = await jobOf(jobId!);
    expect(job.status).toBe('completed');
    expect(Math.abs(job.ad_offset_ms! - AD_AT_SECONDS * 1000)).toBeLessThan(250);
    const checks = await db.select().from(airChecks).where(eq(airChecks.package_job_id, jobId!));
    // The episode before the air date is never checked; the one without the ad stays quiet.
    expect(checks.every((c) => c.source === 'feed')).toBe(true);
    expect(checks.find((c) => c.status === 'found')).toBeDefined();
    expect(await db.select().from(messages).where(eq(messages.type, 'ad-manually-detected'))).not.toContainEqual(
      expect.objectContaining({ deliverable_id: checks[0]!.deliverable_id }),
    );
    // The feed is polled conditionally: the next poll sends the ETag it was given and gets a 304.
    const [show] = await db.select().from(podcasts).where(eq(podcasts.id, hire.podcast.id));
    expect(await pollFeed(show!)).toBe(false);
    expect(feedRequests.at(-1)?.['if-none-match']).toBe('"v1"');
  });
});
