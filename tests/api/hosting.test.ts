import { createServer, type Server } from 'node:http';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, page } from '../support/http';
import { seedPodcast, seedUser, type SeededUser } from '../support/builders';
import { linkOf, mailTo, waitForMail } from '../support/mail';
import { testServer } from '../support/test-server';
import { getDb } from '../../src/lib/server/db/client';
import { agreementAcceptances, episodes, files, hostedPodcasts, podcasts, users } from '../../src/lib/server/db/schema';
import { randomToken } from '../../src/lib/server/crypto';
import { OWNED_ELSEWHERE } from '../../src/lib/server/hosting/feed-claims';

let owner: SeededUser;
let stranger: SeededUser;
let admin: SeededUser;
let brand: SeededUser;
let mailDir = '';

/** Feeds the guarded fetcher may read (FETCH_ALLOW_HOSTS): /{name}.rss answers RSS naming owner-{name}@example.com, unless gone. */
let feeds: Server;
let feedBase = '';
const goneFeeds = new Set<string>();
const feedUrl = (name: string) => `${feedBase}/${name}.rss`;
const ownerOf = (name: string) => `owner-${name}@example.com`;

beforeAll(async () => {
  const { allowedFetchPort, dataDir } = await testServer();
  mailDir = dataDir;
  feeds = createServer((req, res) => {
    const name = /^\/([\w-]+)\.rss$/.exec(req.url ?? '')?.[1];
    if (!name || goneFeeds.has(name)) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/rss+xml' });
    res.end(
      `<?xml version="1.0"?><rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel><title>Show ${name}</title><description>d</description><itunes:owner><itunes:email>${ownerOf(name)}</itunes:email></itunes:owner></channel></rss>`,
    );
  });
  await new Promise<void>((resolve) => feeds.listen(allowedFetchPort, '127.0.0.1', resolve));
  feedBase = `http://127.0.0.1:${allowedFetchPort}`;
  owner = await seedUser({ type: 'PODCASTER' });
  stranger = await seedUser({ type: 'PODCASTER' });
  admin = await seedUser({ type: 'ADMIN' });
  brand = await seedUser({ type: 'BRAND' });
});

describe('[HOSTING] the wrapper of the hosting pages', () => {
  it('shows Action required, then the wizard, then the page, in that order', async () => {
    const user = await seedUser({ type: 'PODCASTER' });
    const { podcast, hosted } = await seedPodcast(user.id, { hosted: true, verified: false, title: 'Harbor Lights' });
    const cookie = `${user.cookie}; current_podcast=${podcast.id}`;
    expect((await page('/hosting/dashboard', cookie)).html).toContain('Action required');
    const db = await getDb();
    const { podcasts } = await import('../../src/lib/server/db/schema');
    await db.update(podcasts).set({ verified_at: new Date() }).where(eq(podcasts.id, podcast.id));
    const wizard = await page('/hosting/episodes', cookie);
    expect(wizard.html).toContain('Get started');
    expect(wizard.html).toContain('Last updated January 07, 2025');
    await db.update(hostedPodcasts).set({ migration_status: 'completed', is_completed: true }).where(eq(hostedPodcasts.id, hosted!.id));
    const done = await page('/hosting/episodes', cookie);
    expect(done.html).toContain('No episodes yet.');
    // A second, not hosted podcast selected: the switch message.
    const other = await seedPodcast(user.id, { title: 'Side Project' });
    const notHosted = await page('/hosting/episodes', `${user.cookie}; current_podcast=${other.podcast.id}`);
    expect(notHosted.html).toContain('This podcast is not hosted on Cuepoint');
    expect(notHosted.html).toContain('/settings/manage-podcasts#podcasts');
  });
});

describe('[HOSTING] migration calls', () => {
  it('refuses an unverified podcast, another user’s podcast and a bad category', async () => {
    const { hosted } = await seedPodcast(owner.id, { hosted: true, verified: false });
    expect((await call('POST', `/api/podcasts/hosted/${hosted!.id}/migrate`, { token: owner.token, body: {} })).status).toBe(403);
    expect((await call('POST', `/api/podcasts/hosted/${hosted!.id}/migrate`, { token: stranger.token, body: {} })).status).toBe(404);
    const verified = await seedPodcast(owner.id, { hosted: true });
    const bad = await call('POST', `/api/podcasts/hosted/${verified.hosted!.id}/migrate`, { token: owner.token, body: { itunes_category_id: 999999 } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.itunes_category_id[0]).toBe('The selected category is invalid.');
    const progress = await call('GET', `/api/podcasts/hosted/${verified.hosted!.id}/migrate/progress`, { token: owner.token });
    expect(progress.body.data).toEqual({ percent: 0, migration_status: 'pending' });
    expect((await call('GET', `/api/podcasts/hosted/${verified.hosted!.id}/migrate/progress`, { token: stranger.token })).status).toBe(404);
    const early = await call('POST', `/api/podcasts/hosted/${verified.hosted!.id}/complete-onboarding`, { token: owner.token });
    expect(early.status).toBe(422);
  });

  it('records the agreement as an electronic signature with its version', async () => {
    const { hosted } = await seedPodcast(owner.id, { hosted: true });
    const res = await call('POST', `/api/podcasts/hosted/${hosted!.id}/agreement`, { token: owner.token, headers: { 'user-agent': 'api-test' } });
    expect(res.status).toBe(201);
    expect(res.body.data.version).toBe('2025-01-07');
    const rows = await (await getDb()).select().from(agreementAcceptances).where(eq(agreementAcceptances.user_id, owner.id));
    expect(rows.at(-1)).toMatchObject({ version: '2025-01-07', agreement: 'hosting-service-agreement', user_agent: 'api-test' });
  });

  it('answers the hosting service with the podcast id in a header, and PATCH keeps onboarding choices', async () => {
    const { podcast, hosted } = await seedPodcast(owner.id, { hosted: true });
    const missing = await call('GET', '/api/hosting-service/podcast', { token: owner.token });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.podcast_id).toHaveLength(1);
    const got = await call('GET', '/api/hosting-service/podcast', { token: owner.token, headers: { 'x-podcast-id': String(podcast.id) } });
    expect(got.body.data).toMatchObject({ id: hosted!.id, migration_status: 'pending', percent: 0, is_redirecting: false });
    expect((await call('GET', '/api/hosting-service/podcast', { token: stranger.token, headers: { 'x-podcast-id': String(podcast.id) } })).status).toBe(404);
    const patched = await call('PATCH', '/api/hosting-service/podcast', {
      token: owner.token,
      headers: { 'x-podcast-id': String(podcast.id) },
      body: { payouts_skipped: true },
    });
    expect(patched.body.data.settings.payouts_skipped).toBe(true);
    const wrong = await call('PATCH', `/api/podcasts/hosted/${hosted!.id}`, { token: owner.token, body: { redirect_provider: 'myspace' } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.redirect_provider).toHaveLength(1);
    const settings = await call('GET', '/api/hosting-service/podcast/settings', { token: owner.token, headers: { 'x-podcast-id': String(podcast.id) } });
    expect(settings.body.data.payouts_skipped).toBe(true);
    const feed = await call('POST', `/api/podcasts/hosted/${hosted!.id}/feed`, { token: owner.token, body: { owner_email: 'not-an-email' } });
    expect(feed.status).toBe(422);
    expect(feed.body.errors.owner_email[0]).toBe('Enter a valid email address.');
    const cats = await call('GET', '/api/hosting-service/categories', { token: owner.token });
    expect(cats.body.data[0]).toEqual({ id: expect.any(Number), label: expect.any(String) });
  });
});

describe('[HOSTING] the hosted feed', () => {
  it('serves RSS with the original GUID, ETag and Last-Modified, and 304 when unchanged', async () => {
    const { podcast, hosted } = await seedPodcast(owner.id, { hosted: true, title: 'Tidepool Dispatch' });
    await (await getDb()).insert(episodes).values({
      hash_id: randomToken(8),
      podcast_id: podcast.id,
      guid: 'tidepool-0042',
      title: 'Anemones at Low Tide',
      description: '<p>Notes.</p>',
      published_at: new Date('2025-01-02T10:00:00Z'),
      duration: 1500,
      enclosure_url: 'http://127.0.0.1/media/x/audio-1.mp3',
      enclosure_type: 'audio/mpeg',
      enclosure_length: 1234,
    });
    const res = await call('GET', `/feeds/${podcast.hash_id}.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/rss+xml');
    expect(res.body).toContain('<guid isPermaLink="false">tidepool-0042</guid>');
    expect(res.body).toContain('xmlns:podcast="https://podcastindex.org/namespace/1.0"');
    // Only a show that has left names a new feed URL; this one does not point anywhere, itself included.
    expect(res.body).not.toContain('itunes:new-feed-url');
    expect(hosted).toBeTruthy();
    const again = await call('GET', `/feeds/${podcast.hash_id}.xml`, { headers: { 'if-none-match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect((await call('GET', '/feeds/nope.xml')).status).toBe(404);
    expect((await call('GET', '/media/nope/audio-1.mp3')).status).toBe(404);
  });
});

afterAll(async () => {
  await new Promise<void>((resolve) => feeds.close(() => resolve()));
});

describe('[HOSTING] applications, invitations and payouts', () => {
  it('applies, is approved by an admin and becomes hosted; brands cannot apply', async () => {
    const { podcast } = await seedPodcast(owner.id, { title: 'Lantern Hour' });
    const applied = await call('POST', `/api/podcasts/${podcast.id}/apply-hosting`, { token: owner.token });
    expect(applied.status).toBe(201);
    expect(applied.body.data).toMatchObject({ podcast_id: podcast.id, status: 'pending', can_reapply_at: null });
    expect((await call('POST', `/api/podcasts/${podcast.id}/apply-hosting`, { token: owner.token })).status).toBe(422);
    expect((await call('POST', `/api/podcasts/${podcast.id}/apply-hosting`, { token: stranger.token })).status).toBe(404);
    expect((await call('POST', `/api/podcasts/${podcast.id}/apply-hosting`, { token: brand.token })).status).toBe(403);
    expect((await call('PATCH', `/api/admin/hosting/applications/${applied.body.data.id}`, { token: owner.token, body: { status: 'approved' } })).status).toBe(
      403,
    );
    const approved = await call('PATCH', `/api/admin/hosting/applications/${applied.body.data.id}`, { token: admin.token, body: { status: 'approved' } });
    expect(approved.body.data.status).toBe('approved');
    const [row] = await (await getDb()).select().from(hostedPodcasts).where(eq(hostedPodcasts.podcast_id, podcast.id));
    expect(row).toMatchObject({ migration_status: 'pending', original_url: podcast.url });
    expect(row!.url).toContain(`/feeds/${podcast.hash_id}.xml`);
  });

  it('rejects with a reapply date', async () => {
    const { podcast } = await seedPodcast(owner.id, { title: 'Quiet Roads' });
    const applied = await call('POST', `/api/podcasts/${podcast.id}/apply-hosting`, { token: owner.token });
    const rejected = await call('PATCH', `/api/admin/hosting/applications/${applied.body.data.id}`, { token: admin.token, body: { status: 'rejected' } });
    expect(rejected.body.data.status).toBe('rejected');
    expect(Date.parse(rejected.body.data.can_reapply_at)).toBeGreaterThan(Date.now() + 29 * 86400_000);
    expect((await call('POST', `/api/podcasts/${podcast.id}/apply-hosting`, { token: owner.token })).status).toBe(422);
  });

  it('validates hosted sign-up tokens and registration fields', async () => {
    const bad = await call('POST', '/api/register/hosted/validate-token', { body: { token: 'forged.token' } });
    expect(bad.status).toBe(422);
    const invite = await call('POST', '/api/admin/hosting/invitations', {
      token: admin.token,
      body: { email: 'new-host@example.com', feed_url: feedUrl('new-host') },
    });
    expect(invite.status).toBe(201);
    const token = decodeURIComponent(invite.body.data.link.split('/sign-up/hosting/')[1]);
    const ok = await call('POST', '/api/register/hosted/validate-token', { body: { token } });
    expect(ok.body.data).toEqual({ email: 'new-host@example.com', feed_url: feedUrl('new-host') });
    const missing = await call('POST', '/api/register/hosted', { body: { token, first_name: '', last_name: 'X', password: 'short' } });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['first_name', 'password']);
  });

  it('comes back from a payout provider with a forged state as an error cookie', async () => {
    const res = await call('GET', '/webhooks/stripe-connect?code=abc&state=forged.state');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/hosting/dashboard');
    expect(res.headers.getSetCookie().join(';')).toContain('payouts_connect_error=');
    const url = await call('GET', '/api/payouts/connect-url?provider=paypal&path=/hosting/episodes', { token: owner.token });
    const authorize = new URL(url.body.data.url);
    expect(authorize.searchParams.get('flowEntry')).toBe('static');
    expect(authorize.searchParams.get('redirect_uri')).toMatch(/\/webhooks\/paypal-connect$/);
  });

  it('refuses artwork over its real limit of 10 MB (the uploader states it), before copying anything', async () => {
    const { hosted } = await seedPodcast(owner.id, { hosted: true });
    const [big] = await (await getDb())
      .insert(files)
      .values({
        user_id: owner.id,
        name: 'cover.png',
        original_name: 'cover.png',
        path: 'uploads/cover.png',
        url: '',
        size: 10 * 1024 * 1024 + 1,
        mime: 'image/png',
      })
      .returning();
    const res = await call('POST', `/api/podcasts/hosted/${hosted!.id}/feed`, { token: owner.token, body: { artwork_file_id: big!.id } });
    expect(res.status).toBe(422);
    expect(res.body.errors.artwork_file_id).toEqual(['The artwork may not be greater than 10 MB.']);
  });
});

describe('[HOSTING] invitations only to a feed that answers (issue 36, 6d)', () => {
  it('refuses to invite a feed that does not answer or is not RSS, with a message on feed_url', async () => {
    goneFeeds.add('silent');
    const gone = await call('POST', '/api/admin/hosting/invitations', {
      token: admin.token,
      body: { email: 'silent@example.com', feed_url: feedUrl('silent') },
    });
    expect(gone.status).toBe(422);
    expect(gone.body.errors.feed_url).toEqual(['We could not read this RSS feed: The feed answered with HTTP status 404.']);
    const refused = await call('POST', '/api/admin/hosting/invitations', {
      token: admin.token,
      body: { email: 'silent@example.com', feed_url: 'http://127.0.0.1:9/feed.rss' },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.feed_url[0]).toMatch(/^We could not read this RSS feed: /);
    expect(mailTo(mailDir, 'silent@example.com')).toEqual([]);
  });

  it('creates no account when the invited feed stops answering before sign-up', async () => {
    const email = `stopped-${randomToken(4).toLowerCase()}@example.com`;
    const invite = await call('POST', '/api/admin/hosting/invitations', { token: admin.token, body: { email, feed_url: feedUrl('stopped') } });
    expect(invite.status).toBe(201);
    const token = decodeURIComponent(invite.body.data.link.split('/sign-up/hosting/')[1]);
    goneFeeds.add('stopped');
    const res = await call('POST', '/api/register/hosted', { body: { token, first_name: 'Sam', last_name: 'Stopped', password: 'a long password' } });
    expect(res.status).toBe(422);
    expect(res.body.errors.feed_url).toEqual(['We could not read this RSS feed: The feed answered with HTTP status 404.']);
    expect(await (await getDb()).select().from(users).where(sql`lower(${users.email}) = ${email}`)).toEqual([]);
    goneFeeds.delete('stopped');
    const later = await call('POST', '/api/register/hosted', { body: { token, first_name: 'Sam', last_name: 'Stopped', password: 'a long password' } });
    expect(later.status).toBe(201);
  });
});

describe('[HOSTING] one feed, one owner (issue 36, 6c)', () => {
  it('asks a second account for a newer proof of ownership, then tells the first', async () => {
    const first = await seedUser({ type: 'PODCASTER' });
    const second = await seedUser({ type: 'PODCASTER' });
    const { podcast: held } = await seedPodcast(first.id, { title: 'Held Show', url: feedUrl('held'), hosted: true });
    const { podcast: asked } = await seedPodcast(second.id, { title: 'Held Show', url: feedUrl('held'), verified: false });

    // Not verified: the application waits for a proof.
    const refused = await call('POST', `/api/podcasts/${asked.id}/apply-hosting`, { token: second.token });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.podcast).toEqual([OWNED_ELSEWHERE]);

    // The existing verification step: the link mailed to the feed's owner email.
    const sent = await call('POST', `/api/podcasts/${asked.id}/verification`, { token: second.token, body: { method: 'email' } });
    expect(sent.status).toBe(200);
    const link = linkOf(await waitForMail(mailDir, ownerOf('held')), `/api/podcasts/${asked.id}/verified/`);
    const opened = await call('GET', link.replace(/^https?:\/\/[^/]+/, ''));
    expect(opened.status).toBe(302);

    const applied = await call('POST', `/api/podcasts/${asked.id}/apply-hosting`, { token: second.token });
    expect(applied.status).toBe(201);
    const told = await call('GET', '/api/notifications', { token: first.token });
    const notice = told.body.data.find((n: { type: string }) => n.type === 'hosting.feed-claimed');
    expect(notice?.data).toMatchObject({ podcast_id: held.id, link: '/hosting/dashboard', title: 'Another account proved it owns the feed of Held Show' });
    expect(notice.data.description).toContain('applied for hosting');
  });

  it('withdraws a proof older than the other account’s, so the verification step is offered again', async () => {
    const first = await seedUser({ type: 'PODCASTER' });
    const second = await seedUser({ type: 'PODCASTER' });
    const db = await getDb();
    const { podcast: stale } = await seedPodcast(second.id, { title: 'Early Show', url: feedUrl('early') });
    await db
      .update(podcasts)
      .set({ verified_at: new Date(Date.now() - 86_400_000) })
      .where(eq(podcasts.id, stale.id));
    await seedPodcast(first.id, { title: 'Early Show', url: feedUrl('early'), hosted: true });
    const refused = await call('POST', `/api/podcasts/${stale.id}/apply-hosting`, { token: second.token });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.podcast).toEqual([OWNED_ELSEWHERE]);
    const [row] = await db.select({ verified_at: podcasts.verified_at }).from(podcasts).where(eq(podcasts.id, stale.id));
    expect(row!.verified_at).toBeNull();
    const told = await call('GET', '/api/notifications', { token: first.token });
    expect(told.body.data.filter((n: { type: string }) => n.type === 'hosting.feed-claimed')).toEqual([]);
  });

  it('an invited second account proves ownership before it migrates, and the first is told it started', async () => {
    const first = await seedUser({ type: 'PODCASTER' });
    const second = await seedUser({ type: 'PODCASTER' });
    await seedPodcast(first.id, { title: 'Twice Invited', url: feedUrl('twice'), hosted: true });
    const { podcast, hosted } = await seedPodcast(second.id, { title: 'Twice Invited', url: feedUrl('twice'), hosted: true, verified: false });
    const unverified = await call('POST', `/api/podcasts/hosted/${hosted!.id}/migrate`, { token: second.token, body: {} });
    expect(unverified.status).toBe(403);
    await (await getDb()).update(podcasts).set({ verified_at: new Date() }).where(eq(podcasts.id, podcast.id));
    const started = await call('POST', `/api/podcasts/hosted/${hosted!.id}/migrate`, { token: second.token, body: {} });
    expect(started.status).toBe(200);
    const told = await call('GET', '/api/notifications', { token: first.token });
    const notice = told.body.data.find((n: { type: string }) => n.type === 'hosting.feed-claimed');
    expect(notice.data.description).toContain('started moving it to Cuepoint');
  });
});
