/**
 * Every realtime event of core §7 "Realtime" reaches a real pusher-js client: notifications, messages,
 * message views, files, deliverables, podcasts, hosted podcasts, packages, hirings, jobs, and users
 * going online and offline. Each is caused by the product's own HTTP calls (or the mailed link).
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Pusher from 'pusher-js';
import type { Channel } from 'pusher-js';
import { eq } from 'drizzle-orm';
import { call } from '../support/http';
import { seedPodcast, seedUser, type SeededUser } from '../support/builders';
import { testServer } from '../support/test-server';
import { pusherClientOf } from '../support/pusher-client';
import { getDb } from '../../src/lib/server/db/client';
import { ads, campaignAds, campaignCategories, campaigns, categories, podcastCategories, podcasts } from '../../src/lib/server/db/schema';
import { verificationLink } from '../../src/lib/server/podcasts/verification';
import { addDays, scheduledDays } from '../../src/lib/slots';
import { testToday } from '../support/clock';

const TONE = readFileSync(new URL('../fixtures/audio/tone.mp3', import.meta.url));
const clients: Pusher[] = [];
afterAll(() => clients.forEach((c) => c.disconnect()));

async function connect(token: string): Promise<Pusher> {
  const pusher = await pusherClientOf(token);
  clients.push(pusher);
  await new Promise<void>((resolve, reject) => {
    pusher.connection.bind('connected', () => resolve());
    pusher.connection.bind('error', reject);
  });
  return pusher;
}

/** A subscribed channel that records every event, so a test can wait for one that matches. */
interface Recorder {
  channel: Channel;
  next<T = Record<string, unknown>>(event: string, match?: (data: T) => boolean): Promise<T>;
}

async function record(pusher: Pusher, name: string): Promise<Recorder> {
  const channel = pusher.subscribe(name);
  const seen: { event: string; data: unknown }[] = [];
  const waiters: { event: string; match: (d: unknown) => boolean; resolve: (d: unknown) => void }[] = [];
  channel.bind_global((event: string, data: unknown) => {
    seen.push({ event, data });
    for (const w of [...waiters]) {
      if (w.event === event && w.match(data)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(data);
      }
    }
  });
  await new Promise<void>((resolve, reject) => {
    channel.bind('pusher:subscription_succeeded', () => resolve());
    channel.bind('pusher:subscription_error', reject);
  });
  return {
    channel,
    next<T>(event: string, match: (data: T) => boolean = () => true): Promise<T> {
      const hit = seen.find((s) => s.event === event && match(s.data as T));
      if (hit) return Promise.resolve(hit.data as T);
      return new Promise<T>((resolve) => waiters.push({ event, match: match as (d: unknown) => boolean, resolve: resolve as (d: unknown) => void }));
    },
  };
}

/** An approved, active campaign of the brand in the Technology category with both ads. */
async function seedCampaign(brandId: number) {
  const db = await getDb();
  const [tech] = await db.select().from(categories).where(eq(categories.title, 'Technology'));
  const [campaign] = await db
    .insert(campaigns)
    .values({
      brand_user_id: brandId,
      title: 'Trail Mix Relaunch',
      description: 'Tell your listeners about our trail mix.',
      budget: 500_000,
      delivery_date: addDays(testToday(), 60),
      status: 'active',
      is_approved: true,
      submitted_at: new Date(),
    })
    .returning();
  await db.insert(campaignCategories).values({ campaign_id: campaign!.id, category_id: tech!.id });
  const adRows = await db.select().from(ads);
  const rows = await db
    .insert(campaignAds)
    .values(adRows.map((a) => ({ campaign_id: campaign!.id, ad_id: a.id, description: `Read the ${a.title} script.` })))
    .returning();
  const adOf = (type: 'sponsorship' | 'host') => rows.find((r) => r.ad_id === adRows.find((a) => a.type === type)!.id)!.id;
  return { campaign: campaign!, adOf };
}

let brand: SeededUser;
let podcaster: SeededUser;
let brandChannel: Recorder;
let podChannel: Recorder;
let podcastId: number;

beforeAll(async () => {
  brand = await seedUser({ type: 'BRAND' });
  podcaster = await seedUser({ type: 'PODCASTER' });
  const { podcast } = await seedPodcast(podcaster.id, { title: 'Summit Hours', url: 'https://feeds.example.com/summit-hours.rss' });
  podcastId = podcast.id;
  await (await getDb()).insert(podcastCategories).values({ podcast_id: podcast.id, category_id: podcast.category_id! });
  brandChannel = await record(await connect(brand.token), `private-users.${brand.id}`);
  podChannel = await record(await connect(podcaster.token), `private-users.${podcaster.id}`);
});

describe('realtime events of §7', () => {
  it('podcasts: created, updated, verified and deleted reach the owner as podcast.updated', async () => {
    // A feed served where the guarded fetcher may reach it (the test server allows this port).
    const { allowedFetchPort } = await testServer();
    const feed = readFileSync(new URL('../fixtures/feeds/buzzsprout.xml', import.meta.url));
    const feedServer = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(feed));
    await new Promise<void>((resolve) => feedServer.listen(allowedFetchPort, '127.0.0.1', resolve));
    try {
      const added = podChannel.next<{ action: string; podcast: { id: number } }>('podcast.updated', (d) => d.action === 'created');
      const res = await call('POST', '/api/podcasts', { token: podcaster.token, body: { url: `http://127.0.0.1:${allowedFetchPort}/feed.xml` } });
      expect(res.status).toBe(201);
      expect((await added).podcast.id).toBe(res.body.data.id);
    } finally {
      await new Promise<void>((resolve) => feedServer.close(() => resolve()));
    }

    const updated = podChannel.next<{ action: string; podcast: { id: number; title: string } }>(
      'podcast.updated',
      (d) => d.action === 'updated' && d.podcast.id === podcastId,
    );
    expect((await call('PUT', `/api/podcasts/${podcastId}`, { token: podcaster.token, body: { title: 'Summit Hours Radio' } })).status).toBe(200);
    expect((await updated).podcast.title).toBe('Summit Hours Radio');

    // The mailed ownership link verifies a podcast.
    const { podcast: unverified } = await seedPodcast(podcaster.id, {
      title: 'Base Camp Notes',
      url: 'https://feeds.example.com/base-camp.rss',
      verified: false,
    });
    await (await getDb()).update(podcasts).set({ email: 'owner@summit.example' }).where(eq(podcasts.id, unverified.id));
    const verified = podChannel.next<{ action: string; podcast: { id: number; verified_at: string } }>(
      'podcast.updated',
      (d) => d.action === 'verified' && d.podcast.id === unverified.id,
    );
    const link = await fetch(verificationLink(unverified.id, 'owner@summit.example'), { redirect: 'manual' });
    expect(link.status).toBe(302);
    expect((await verified).podcast.verified_at).toBeTruthy();

    const deleted = podChannel.next<{ action: string; podcast: { id: number } }>(
      'podcast.updated',
      (d) => d.action === 'deleted' && d.podcast.id === unverified.id,
    );
    expect((await call('DELETE', `/api/podcasts/${unverified.id}`, { token: podcaster.token })).status).toBeLessThan(300);
    await expect(deleted).resolves.toMatchObject({ podcast: { id: unverified.id } });
  });

  it('packages, messages, views, notifications, files, deliverables, jobs and hirings reach both sides', async () => {
    const camp = await seedCampaign(brand.id);
    const schedule = { days: [1, 4], frequency: 1, start_from: testToday() };
    // Saving the schedule is a podcast change too.
    const scheduled = podChannel.next('podcast.updated', (d: { action: string; podcast: { id: number } }) => d.podcast.id === podcastId);
    expect((await call('POST', `/api/podcasts/${podcastId}/calendar`, { token: podcaster.token, body: schedule })).status).toBe(200);
    await scheduled;
    const [d1, d2] = scheduledDays(schedule, addDays(testToday(), 1), 2);

    // A proposal: package.created to both, a notification to the brand.
    const created = Promise.all([brandChannel.next('package.created'), podChannel.next('package.created')]);
    const note = brandChannel.next<{ type: string }>('notification.created', (n) => n.type === 'proposal.created');
    const proposal = await call('POST', `/api/v0/campaign/${camp.campaign.id}/proposal/create`, {
      token: podcaster.token,
      body: {
        podcast_id: podcastId,
        description: '<p>Our listeners hike every weekend.</p>',
        jobs: [
          { campaign_ad_id: camp.adOf('sponsorship'), fee: 25_000, episodes: 1, dates: [d1] },
          { campaign_ad_id: camp.adOf('host'), fee: 40_000, episodes: 1, dates: [d2] },
        ],
      },
    });
    expect(proposal.status).toBe(201);
    const packageId = proposal.body.data.id as number;
    const [jobA, jobB] = (proposal.body.data.jobs as { id: number }[]).map((j) => j.id);
    for (const p of await created) expect(p).toMatchObject({ id: packageId, campaign_id: camp.campaign.id, status: 'pending' });
    await note;

    // The workroom: a message (message.created, discussion.updated, notification.created), an edit, a view.
    const room = (await call('GET', `/api/packages/${packageId}/discussion`, { token: brand.token })).body.data.discussion as { id: number };
    const brandRoom = await record(await connect(brand.token), `private-workrooms.${room.id}`);
    const podRoom = await record(await connect(podcaster.token), `private-workrooms.${room.id}`);
    const message = podRoom.next<{ id: number; content: string }>('message.created', (m) => m.content.includes('Welcome'));
    // (The deal's own system lines update the room too, with nothing unread for the podcaster who proposed:
    // the brand's message is the update that leaves the room unread.)
    const badge = podChannel.next<{ discussion_id: number; unread_workrooms: number }>(
      'discussion.updated',
      (d) => d.discussion_id === room.id && d.unread_workrooms > 0,
    );
    const messageNote = podChannel.next<{ type: string }>('notification.created', (n) => n.type === 'message.created');
    const sent = await call('POST', `/api/discussions/${room.id}/messages`, {
      token: brand.token,
      body: { content: '<p>Welcome aboard, <strong>Summit Hours</strong>!</p>' },
    });
    expect(sent.status).toBe(201);
    expect((await message).content).toBe('<p>Welcome aboard, <strong>Summit Hours</strong>!</p>');
    expect((await badge).unread_workrooms).toBeGreaterThan(0);
    await messageNote;
    const edited = podRoom.next<{ id: number; content: string }>('message.updated', (m) => m.id === sent.body.data.id);
    await call('PUT', `/api/messages/${sent.body.data.id}`, { token: brand.token, body: { content: '<p>Welcome aboard!</p>' } });
    expect((await edited).content).toBe('<p>Welcome aboard!</p>');
    const viewed = brandRoom.next<{ user_id: number; message_ids: number[] }>('message.viewed', (v) => v.user_id === podcaster.id);
    await call('POST', `/api/discussions/${room.id}/messages-view`, { token: podcaster.token, body: {} });
    expect((await viewed).message_ids).toContain(sent.body.data.id);

    // The brand declines one item: job.updated and package.updated to both.
    const declined = Promise.all([
      brandChannel.next('job.updated', (j: { id: number }) => j.id === jobA),
      podChannel.next('job.updated', (j: { id: number }) => j.id === jobA),
    ]);
    const pkgUpdated = podChannel.next('package.updated', (p: { id: number }) => p.id === packageId);
    expect((await call('POST', `/api/brand/proposal-items/${jobA}/declined`, { token: brand.token })).status).toBe(200);
    for (const j of await declined) expect(j).toMatchObject({ id: jobA, status: 'rejected', package_id: packageId });
    await pkgUpdated;

    // A hire: hiring.created to both, the package is hired.
    const hired = Promise.all([brandChannel.next('hiring.created'), podChannel.next('hiring.created')]);
    const nowHired = brandChannel.next('package.updated', (p: { id: number; status: string }) => p.id === packageId && p.status === 'hired');
    expect((await call('POST', '/api/brand/hirings', { token: brand.token, body: { job_ids: [jobB] } })).status).toBeLessThan(300);
    const hiringId = ((await hired)[0] as { id: number }).id;
    for (const h of await hired) expect(h).toMatchObject({ package_id: packageId, job_ids: [jobB], status: 'new' });
    await nowHired;
    // Funded (only a funded job takes a deliverable): job.updated in-progress reaches both.
    const started = podChannel.next('job.updated', (j: { id: number; status: string }) => j.id === jobB && j.status === 'in-progress');
    const card = await call('POST', '/api/cards', { token: brand.token, body: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2030, cvc: '123' } });
    expect((await call('POST', '/api/hirings/fund', { token: brand.token, body: { hiring_ids: [hiringId], card_id: card.body.data.id } })).status).toBe(200);
    await started;

    // The ad's audio: uploaded and processed (files.processed), then submitted (deliverable.updated, job.updated in-review).
    const { baseUrl } = await testServer();
    const form = new FormData();
    form.append('file', new Blob([TONE], { type: 'audio/mpeg' }), 'summit-hours-ad.mp3');
    const processed = podChannel.next<{ file: { original_name: string; transcoding_status: string } }>(
      'files.processed',
      (d) => d.file.original_name === 'summit-hours-ad.mp3',
    );
    const uploaded = await fetch(`${baseUrl}/api/files`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${podcaster.token}`, accept: 'application/json' },
    });
    expect(uploaded.status).toBe(201);
    const fileId = (await uploaded.json()).data.id as number;
    expect((await processed).file.transcoding_status).toBe('completed');
    const deliverable = Promise.all([brandChannel.next('deliverable.updated'), podChannel.next('deliverable.updated'), brandRoom.next('deliverable.updated')]);
    const inReview = Promise.all([
      brandChannel.next('job.updated', (j: { id: number; status: string }) => j.id === jobB && j.status === 'in-review'),
      podChannel.next('job.updated', (j: { id: number; status: string }) => j.id === jobB && j.status === 'in-review'),
    ]);
    const submitted = await call('POST', `/api/podcaster/jobs/${jobB}/deliverables`, {
      token: podcaster.token,
      body: { content: 'The ad, ready for you.', content_files_ids: [fileId] },
    });
    expect(submitted.status).toBe(201);
    for (const d of await deliverable) expect(d).toMatchObject({ package_job_id: jobB, status: 'pending', discussion_id: room.id });
    await inReview;
    // The brand opens the audio as a member of the workroom.
    expect((await fetch(`${baseUrl}/api/file/${fileId}`, { headers: { authorization: `Bearer ${brand.token}` } })).status).toBe(200);

    // Approval: deliverable accepted, the job back in progress (waiting to air), a notification for the podcaster.
    const accepted = podChannel.next('deliverable.updated', (d: { status: string }) => d.status === 'accepted');
    const completed = brandChannel.next('job.updated', (j: { id: number; status: string }) => j.id === jobB && j.status === 'in-progress');
    const approvedNote = podChannel.next<{ type: string }>('notification.created', (n) => n.type === 'deliverable.approved');
    expect((await call('POST', `/api/deliverables/${submitted.body.data.id}/approved`, { token: brand.token })).status).toBe(200);
    await Promise.all([accepted, completed, approvedNote]);

    // Reading the notification is pushed too.
    const read = podChannel.next<{ id: string }>('notification.read');
    const list = await call('GET', '/api/notifications', { token: podcaster.token });
    const first = list.body.data[0] as { id: string };
    await call('POST', `/api/notifications/${first.id}/read`, { token: podcaster.token });
    expect((await read).id).toBe(first.id);
  });

  it('hosted podcasts: a state change reaches the owner as hosted-podcast.updated', async () => {
    const owner = await seedUser({ type: 'PODCASTER' });
    const { hosted } = await seedPodcast(owner.id, { hosted: true, title: 'Night Trails', url: 'https://feeds.example.com/night-trails.rss' });
    const channel = await record(await connect(owner.token), `private-users.${owner.id}`);
    const changed = channel.next<{ id: number; podcast_id: number; migration_status: string }>('hosted-podcast.updated', (h) => h.id === hosted!.id);
    expect((await call('PATCH', `/api/podcasts/hosted/${hosted!.id}`, { token: owner.token, body: { payouts_skipped: true } })).status).toBe(200);
    expect(await changed).toMatchObject({ id: hosted!.id, migration_status: 'pending' });
  });

  it('users online and offline: members join and leave the presence channel', async () => {
    const watcher = await seedUser({ type: 'BRAND' });
    const visitor = await seedUser({ type: 'PODCASTER' });
    const online = await record(await connect(watcher.token), 'presence-online');
    const joined = online.next<{ id: string }>('pusher:member_added', (m) => String(m.id) === String(visitor.id));
    const visitorClient = await connect(visitor.token);
    await record(visitorClient, 'presence-online');
    await joined;
    const left = online.next<{ id: string }>('pusher:member_removed', (m) => String(m.id) === String(visitor.id));
    visitorClient.disconnect();
    await left;
  });
});
