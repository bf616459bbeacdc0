/**
 * Delivery and proof (issue 12) over HTTP against the built server: air dates and their reasons, the
 * funded-only rules, the ad's review, the listener on real generated audio (found: completed and
 * released; not found: the brand confirms or disputes; unanswered for 7 days: completed), feed
 * watching with conditional GETs, ratings, and a hired item that cannot be declined.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../src/lib/server/db/client';
import { airChecks, messages, packageJobs, podcasts, transactions } from '../../src/lib/server/db/schema';
import { encodeMp3 } from '../../src/lib/server/delivery/decode-audio';
import { completeUnansweredLinks } from '../../src/lib/server/delivery/link-episode';
import { pollFeed, watchFeeds } from '../../src/lib/server/delivery/watch-feeds';
import { concat, GUEST_VOICE, HOST_VOICE, mix, speech, wav } from '../../src/lib/server/delivery/synthetic-speech';
import { call } from '../support/http';
import { saveCard, seedHire } from '../support/payment-builders';
import { testServer } from '../support/test-server';
import type { SeededUser } from '../support/builders';

const AD_AT_SECONDS = 70;
let audioDir = '';
let files: Server;
let feedRequests: Array<Record<string, string | string[] | undefined>> = [];
let feedXml = '';
let base = '';

beforeAll(async () => {
  audioDir = mkdtempSync(join(tmpdir(), 'cuepoint-delivery-'));
  const ad = speech(HOST_VOICE, 20, 11);
  const otherAd = speech(HOST_VOICE, 20, 12);
  const talk = speech(HOST_VOICE, AD_AT_SECONDS, 1);
  const guest = speech(GUEST_VOICE, 50, 2);
  await encodeMp3(wav(ad), 128, join(audioDir, 'ad.mp3'));
  // The episode carries the ad re-encoded at another bitrate and a lower volume; the other one carries a different ad by the same voice.
  await encodeMp3(wav(concat([talk, mix(ad, 0.6, 0.005), guest])), 64, join(audioDir, 'with-ad.mp3'));
  await encodeMp3(wav(concat([talk, mix(otherAd, 0.6, 0.005), guest])), 64, join(audioDir, 'without-ad.mp3'));
  const { allowedFetchPort } = await testServer();
  base = `http://127.0.0.1:${allowedFetchPort}`;
  files = createServer((req, res) => {
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
    if (!/^[\w-]+\.mp3$/.test(name)) {
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

/** Waits for the queue to do what a test expects. */
async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 150));
  }
}

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
    .set({ schedule_settings: { days: [1, 3], frequency: 1, start_from: '2026-01-05' }, time_zone: 'UTC' })
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

describe('[DELIVERY] proof that it aired', () => {
  it('finds the approved ad in the linked episode: detected at m:ss, completed, fee released', async () => {
    const hire = await fundedHire();
    const [jobId] = hire.hiring.job_ids;
    const deliverableId = await approvedAd(hire, jobId!);
    const linked = await call('POST', `/api/deliverables/${deliverableId}/episode`, { token: hire.podcaster.token, body: { url: `${base}/with-ad.mp3` } });
    expect(linked.status, JSON.stringify(linked.body)).toBe(202);
    expect(linked.body.data).toMatchObject({ status: 'pending', source: 'link' });
    const job = await eventually(
      () => jobOf(jobId!),
      (j) => j.status === 'completed',
    );
    expect(job.status).toBe('completed');
    expect(Math.abs(job.ad_offset_ms! - AD_AT_SECONDS * 1000)).toBeLessThan(250);
    expect(job.aired_at).not.toBeNull();
    const db = await getDb();
    const [detected] = await db
      .select()
      .from(messages)
      .where(and(eq(messages.deliverable_id, deliverableId), eq(messages.type, 'ad-automatically-detected')));
    expect(detected!.content).toContain('at 1:10');
    expect(detected!.content).toContain('with-ad.mp3#t=70');
    const [release] = await db
      .select()
      .from(transactions)
      .where(and(eq(transactions.job_id, jobId!), eq(transactions.kind, 'release')));
    expect(release).toMatchObject({ fee: 30_000, service_fee: 3_000 });
    expect((await call('GET', '/api/earnings', { token: hire.podcaster.token })).body.data.available).toBe(27_000);
    // Completed Ads shows the episode's air date and where the ad starts, to both sides.
    for (const user of [hire.brand, hire.podcaster]) {
      const { baseUrl } = await testServer();
      const html = await (await fetch(`${baseUrl}/completed-ads`, { headers: { cookie: user.cookie } })).text();
      expect(html).toContain('Spring Launch');
      expect(html).toContain('1:10');
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
    expect(
      (await call('POST', `/api/deliverables/${deliverableId}/episode`, { token: hire.podcaster.token, body: { url: `${base}/without-ad.mp3` } })).status,
    ).toBe(422);
  });

  it('never reports an episode without the ad: the brand confirms or disputes the link', async () => {
    const hire = await fundedHire();
    const [jobId] = hire.hiring.job_ids;
    const deliverableId = await approvedAd(hire, jobId!);
    // Only the approved ad's own podcaster links, with an episode or a URL.
    expect((await call('POST', `/api/deliverables/${deliverableId}/episode`, { token: hire.podcaster.token, body: {} })).status).toBe(422);
    expect(
      (await call('POST', `/api/deliverables/${deliverableId}/episode`, { token: hire.brand.token, body: { url: `${base}/without-ad.mp3` } })).status,
    ).toBe(403);
    expect((await call('POST', `/api/deliverables/${deliverableId}/aired`, { token: hire.brand.token })).status).toBe(422);

    const link = async () => {
      expect(
        (await call('POST', `/api/deliverables/${deliverableId}/episode`, { token: hire.podcaster.token, body: { url: `${base}/without-ad.mp3` } })).status,
      ).toBe(202);
      return eventually(
        () => jobOf(jobId!),
        (j) => j.status === 'in-review',
      );
    };
    expect((await link()).status).toBe('in-review');
    const db = await getDb();
    const checks = await db.select().from(airChecks).where(eq(airChecks.package_job_id, jobId!));
    expect(checks.map((c) => c.status)).toEqual(['not-found']);
    const manual = await db
      .select()
      .from(messages)
      .where(and(eq(messages.deliverable_id, deliverableId), eq(messages.type, 'ad-manually-detected')));
    expect(manual).toHaveLength(1);
    expect(
      await db
        .select()
        .from(messages)
        .where(and(eq(messages.deliverable_id, deliverableId), eq(messages.type, 'ad-automatically-detected'))),
    ).toHaveLength(0);

    const disputed = await call('POST', `/api/deliverables/${deliverableId}/disputed`, { token: hire.brand.token, body: { reason: 'Not in this one.' } });
    expect(disputed.status).toBe(200);
    expect((await jobOf(jobId!)).status).toBe('in-progress');
    expect((await link()).status).toBe('in-review');
    expect((await call('POST', `/api/deliverables/${deliverableId}/aired`, { token: hire.podcaster.token })).status).toBe(403);
    expect((await call('POST', `/api/deliverables/${deliverableId}/aired`, { token: hire.brand.token })).status).toBe(200);
    expect((await jobOf(jobId!)).status).toBe('completed');
  });

  it('a link the brand leaves unanswered for 7 days completes on its own', async () => {
    const hire = await fundedHire();
    const [jobId] = hire.hiring.job_ids;
    const deliverableId = await approvedAd(hire, jobId!);
    expect(
      (await call('POST', `/api/deliverables/${deliverableId}/episode`, { token: hire.podcaster.token, body: { url: `${base}/without-ad.mp3` } })).status,
    ).toBe(202);
    await eventually(
      () => jobOf(jobId!),
      (j) => j.status === 'in-review',
    );
    await completeUnansweredLinks(new Date(Date.now() + 6 * 86_400_000));
    expect((await jobOf(jobId!)).status).toBe('in-review');
    await completeUnansweredLinks(new Date(Date.now() + 8 * 86_400_000));
    expect((await jobOf(jobId!)).status).toBe('completed');
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
