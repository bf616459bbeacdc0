import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureFeed, freshEnvironment, seedHosted, seedPodcast, seedUser, serveXml, startFeedServer, type FeedServer } from './support';
import { callEndpoint } from './support';
import { migrateWithQueue as migrate } from '../../src/lib/server/jobs/migrate-all';
import { closeDb, getDb } from '../../src/lib/server/db/client';
import { hostedPodcasts, podcasts } from '../../src/lib/server/db/schema';
import { listJobs, workReady } from '../../src/lib/server/jobs/queue';
import '../../src/lib/server/mail/send-mail';
import { HttpError } from '../../src/lib/server/http';
import { signPayload } from '../../src/lib/server/crypto';
import { NO_EMAIL_MESSAGE } from '../../src/lib/feed-errors';
import { confirmPodcastVerification, podcastVerificationState, requestPodcastVerification } from '../../src/lib/server/podcasts/verification';
import { checkRedirecting } from '../../src/lib/server/hosting/check-redirecting';
import * as verificationRoute from '../../src/pages/api/podcasts/[id]/verification';
import * as verifyRoute from '../../src/pages/api/podcast/[id]/verify';
import * as verifiedRoute from '../../src/pages/api/podcasts/[id]/verified/[token]';
import * as checkRedirectingRoute from '../../src/pages/api/podcasts/hosted/[id]/check-redirecting';

let server: FeedServer;
let env: { dataDir: string; cleanup(): void };
const HOSTED_FEED = 'https://feeds.cuepoint.test/shows/orbit-weekly.xml';

beforeAll(async () => {
  server = await startFeedServer();
  env = freshEnvironment(`127.0.0.1:${server.port}`);
  for (const name of ['libsyn.xml', 'buzzsprout.xml', 'anchor.xml', 'simplecast.xml', 'no-email.xml', 'locked-only.xml', 'managing-editor-only.xml']) {
    server.route(`/${name}`, serveXml(fixtureFeed(name)));
  }
  server.route('/not-a-feed', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><html><body>Parked domain</body></html>');
  });
  server.route('/gone', (_req, res) => {
    res.writeHead(410);
    res.end();
  });
  server.route('/old-301', (_req, res) => {
    res.writeHead(301, { location: HOSTED_FEED });
    res.end();
  });
  server.route('/old-308', (_req, res) => {
    res.writeHead(308, { location: HOSTED_FEED });
    res.end();
  });
  server.route('/old-302', (_req, res) => {
    res.writeHead(302, { location: HOSTED_FEED });
    res.end();
  });
  server.route('/old-301-elsewhere', (_req, res) => {
    res.writeHead(301, { location: 'https://feeds.example.org/other.xml' });
    res.end();
  });
  server.route(
    '/old-new-feed-url',
    serveXml(
      fixtureFeed('simplecast.xml')
        .toString('utf8')
        .replace('https://feeds.simplecast.com/Xy12AbCd</itunes:new-feed-url>', `${HOSTED_FEED}</itunes:new-feed-url>`),
    ),
  );
  await migrate();
});

afterAll(async () => {
  await closeDb();
  await server.close();
  env.cleanup();
});

async function mailJobsTo(email: string) {
  const rows = await listJobs('mail.send');
  return rows.filter((r) => r.payload.to === email);
}

const linkIn = (text: string) => /http:\/\/cuepoint\.test\/api\/podcasts\/(\d+)\/verified\/([\w.-]+)/.exec(text);

describe('requestPodcastVerification', () => {
  it('reads the owner email, stores it and queues a mail with the verification link', async () => {
    const user = await seedUser();
    const podcast = await seedPodcast(user.id, server.url('/libsyn.xml'), { title: 'The Garden Shed Hour' });
    const result = await requestPodcastVerification(user, podcast.id);
    expect(result.email).toBe('marta@gardenshedhour.com');
    expect(result.podcast.email).toBe('marta@gardenshedhour.com');
    const db = await getDb();
    const [stored] = await db.select().from(podcasts).where(eq(podcasts.id, podcast.id));
    expect(stored!.email).toBe('marta@gardenshedhour.com');
    expect(stored!.verified_at).toBeNull();

    const jobs = await mailJobsTo('marta@gardenshedhour.com');
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.payload.subject).toBe('Verify that you own The Garden Shed Hour');
    const link = linkIn(String(jobs[0]!.payload.text));
    expect(link?.[1]).toBe(String(podcast.id));

    // The worker writes the message as an .eml under DATA_DIR/mail.
    await workReady();
    const files = readdirSync(join(env.dataDir, 'mail')).filter((f) => f.endsWith('.eml'));
    const eml = files.map((f) => readFileSync(join(env.dataDir, 'mail', f), 'utf8')).find((m) => m.includes('To: marta@gardenshedhour.com'));
    expect(eml).toBeDefined();
    expect(eml).toContain(`/api/podcasts/${podcast.id}/verified/`);
  });

  it.each([
    ['buzzsprout.xml', 'priya@sidequestfounders.fm'],
    ['anchor.xml', 'podcasts8+latenight@spotify.com'],
    ['simplecast.xml', 'hello@orbitweekly.space'],
    ['locked-only.xml', 'lab@kitchentablechem.example.com'],
    ['managing-editor-only.xml', 'editor@radiocafe.example.net'],
  ])('finds the owner email of %s', async (file, email) => {
    const user = await seedUser();
    const podcast = await seedPodcast(user.id, server.url(`/${file}`));
    expect((await requestPodcastVerification(user, podcast.id)).email).toBe(email);
    expect(await mailJobsTo(email)).toHaveLength(1);
  });

  it('answers the exact 422 of the spec when the feed has no email', async () => {
    const user = await seedUser();
    const podcast = await seedPodcast(user.id, server.url('/no-email.xml'));
    const error = await requestPodcastVerification(user, podcast.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(422);
    expect((error as HttpError).message).toBe(
      "We couldn't find an email address in your RSS feed. If you've recently updated your feed, please check back later, as it may take some time for the changes to update.",
    );
    expect((error as HttpError).errors).toEqual({ email: [NO_EMAIL_MESSAGE] });
  });

  it('answers a 422 on url for an answer that is not a feed, or an HTTP error', async () => {
    const user = await seedUser();
    const html = await seedPodcast(user.id, server.url('/not-a-feed'));
    await expect(requestPodcastVerification(user, html.id)).rejects.toMatchObject({
      status: 422,
      errors: { url: ['We could not read your RSS feed: The address does not answer with an RSS feed.'] },
    });
    const gone = await seedPodcast(user.id, server.url('/gone'));
    await expect(requestPodcastVerification(user, gone.id)).rejects.toMatchObject({
      status: 422,
      errors: { url: ['We could not read your RSS feed: The feed answered with HTTP status 410.'] },
    });
  });

  it('throttles a second request within 5 s with a 429 and Retry-After', async () => {
    const user = await seedUser();
    const podcast = await seedPodcast(user.id, server.url('/buzzsprout.xml'));
    await requestPodcastVerification(user, podcast.id);
    const error = await requestPodcastVerification(user, podcast.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(429);
    expect(Number((error as HttpError).headers?.['Retry-After'])).toBeGreaterThanOrEqual(1);
    expect(Number((error as HttpError).headers?.['Retry-After'])).toBeLessThanOrEqual(5);
    expect((error as HttpError).message).toMatch(/^You can check your RSS feed again in \d seconds?\.$/);
  });

  it('throttles failures too: a no-email feed cannot be re-checked at once', async () => {
    const user = await seedUser();
    const podcast = await seedPodcast(user.id, server.url('/no-email.xml'));
    await expect(requestPodcastVerification(user, podcast.id)).rejects.toMatchObject({ status: 422 });
    await expect(requestPodcastVerification(user, podcast.id)).rejects.toMatchObject({ status: 429 });
  });

  it("answers 404 for another user's podcast and for an unknown id, without fetching", async () => {
    const owner = await seedUser();
    const other = await seedUser();
    const podcast = await seedPodcast(owner.id, server.url('/libsyn.xml'));
    await expect(requestPodcastVerification(other, podcast.id)).rejects.toMatchObject({ status: 404 });
    await expect(requestPodcastVerification(owner, 999_999)).rejects.toMatchObject({ status: 404 });
    await expect(podcastVerificationState(other, podcast.id)).rejects.toMatchObject({ status: 404 });
  });

  it('refuses a feed on a private address that is not allow-listed', async () => {
    const user = await seedUser();
    const podcast = await seedPodcast(user.id, `http://127.0.0.1:${server.port === 65535 ? 65534 : server.port + 1}/feed.xml`);
    await expect(requestPodcastVerification(user, podcast.id)).rejects.toMatchObject({
      status: 422,
      message: 'We could not read your RSS feed: That address points to a private network and cannot be fetched.',
      errors: { url: ['We could not read your RSS feed: That address points to a private network and cannot be fetched.'] },
    });
    const metadata = await seedPodcast(user.id, 'http://169.254.169.254/latest/meta-data/');
    await expect(requestPodcastVerification(user, metadata.id)).rejects.toMatchObject({
      status: 422,
      message: 'We could not read your RSS feed: That address points to a cloud metadata service and cannot be fetched.',
    });
  });

  it('refuses a podcast that is already verified', async () => {
    const user = await seedUser();
    const podcast = await seedPodcast(user.id, server.url('/libsyn.xml'), { email: 'marta@gardenshedhour.com', verified_at: new Date() });
    await expect(requestPodcastVerification(user, podcast.id)).rejects.toMatchObject({ status: 422, message: 'This podcast is already verified.' });
  });
});

describe('the mailed link', () => {
  async function requestAndGetToken(file: string, hosted = false) {
    const user = await seedUser();
    const podcast = await seedPodcast(user.id, server.url(`/${file}`));
    if (hosted) await seedHosted(podcast.id, { url: HOSTED_FEED, original_url: server.url(`/${file}`) });
    const { email } = await requestPodcastVerification(user, podcast.id);
    const jobs = await mailJobsTo(email);
    const link = linkIn(String(jobs.at(-1)!.payload.text))!;
    return { user, podcast, email, token: link[2]! };
  }

  it('sets verified_at and redirects a non-hosted podcast to the podcast settings', async () => {
    const { user, podcast, token } = await requestAndGetToken('anchor.xml');
    expect(await podcastVerificationState(user, podcast.id)).toMatchObject({ verified: false, verified_at: null });
    const response = await callEndpoint(verifiedRoute.GET, { params: { id: String(podcast.id), token } });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/settings/manage-podcasts#podcasts');
    const state = await podcastVerificationState(user, podcast.id);
    expect(state.verified).toBe(true);
    expect(state.email).toBe('podcasts8+latenight@spotify.com');
    expect(new Date(state.verified_at!).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('redirects a hosted podcast to the hosting dashboard, and keeps the first time when opened twice', async () => {
    const { user, podcast, token } = await requestAndGetToken('simplecast.xml', true);
    expect(await confirmPodcastVerification(podcast.id, token)).toEqual({ redirectTo: '/hosting/dashboard' });
    const first = (await podcastVerificationState(user, podcast.id)).verified_at;
    expect(await confirmPodcastVerification(podcast.id, token, new Date(Date.now() + 1000))).toEqual({ redirectTo: '/hosting/dashboard' });
    expect((await podcastVerificationState(user, podcast.id)).verified_at).toBe(first);
  });

  it('refuses a tampered, foreign, expired or stale token with a readable 422 page', async () => {
    const { user, podcast, email, token } = await requestAndGetToken('locked-only.xml');
    const bad = async (id: number, t: string) => {
      const response = await callEndpoint(verifiedRoute.GET, { params: { id: String(id), token: t } });
      expect(response.status).toBe(422);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(await response.text()).toContain('This verification link is invalid or has expired.');
    };
    await bad(podcast.id, `${token}x`);
    await bad(podcast.id, 'garbage');
    await bad(podcast.id + 1, token);
    const exp = Math.floor(Date.now() / 1000) - 1;
    await bad(podcast.id, signPayload({ purpose: 'podcast-verification', podcast_id: podcast.id, email, exp }));
    await bad(podcast.id, signPayload({ podcast_id: podcast.id, email, exp: exp + 3600 })); // another purpose's payload
    await bad(podcast.id, signPayload({ purpose: 'podcast-verification', podcast_id: podcast.id, email: 'someone@else.test', exp: exp + 3600 }));
    expect(await confirmPodcastVerification(podcast.id, token, new Date(Date.now() + 8 * 24 * 3600 * 1000))).toBeNull();
    // The link's email must still be the podcast's: after the feed changed owner, an old link is no good.
    const db = await getDb();
    await db.update(podcasts).set({ email: 'new-owner@example.test' }).where(eq(podcasts.id, podcast.id));
    await bad(podcast.id, token);
    expect((await podcastVerificationState(user, podcast.id)).verified).toBe(false);
  });
});

describe('verification endpoints', () => {
  it('POST /api/podcasts/{id}/verification answers the sent message and the email; GET answers the state', async () => {
    const user = await seedUser();
    const podcast = await seedPodcast(user.id, server.url('/libsyn.xml'));
    const post = await callEndpoint(verificationRoute.POST, { locals: { user }, params: { id: String(podcast.id) } });
    expect(post.status).toBe(200);
    expect(await post.json()).toEqual({ message: 'New verification email was sent to your inbox.', data: { email: 'marta@gardenshedhour.com' } });
    const again = await callEndpoint(verificationRoute.POST, { locals: { user }, params: { id: String(podcast.id) } });
    expect(again.status).toBe(429);
    expect(again.headers.get('retry-after')).toMatch(/^\d$/);
    const get = await callEndpoint(verificationRoute.GET, { locals: { user }, params: { id: String(podcast.id) } });
    expect(await get.json()).toEqual({ data: { verified: false, verified_at: null, email: 'marta@gardenshedhour.com' } });
  });

  it('POST /api/podcasts/{id}/verification answers the 422 shape without an email', async () => {
    const user = await seedUser();
    const podcast = await seedPodcast(user.id, server.url('/no-email.xml'));
    const response = await callEndpoint(verificationRoute.POST, { locals: { user }, params: { id: String(podcast.id) } });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ message: NO_EMAIL_MESSAGE, errors: { email: [NO_EMAIL_MESSAGE] } });
  });

  it('answers 401 signed out, 403 to a brand, 404 for an unknown or foreign id', async () => {
    const owner = await seedUser();
    const brand = await seedUser('BRAND');
    const other = await seedUser();
    const podcast = await seedPodcast(owner.id, server.url('/libsyn.xml'));
    const id = String(podcast.id);
    expect((await callEndpoint(verificationRoute.GET, { locals: { user: null }, params: { id } })).status).toBe(401);
    expect((await callEndpoint(verificationRoute.POST, { locals: { user: brand }, params: { id } })).status).toBe(403);
    expect((await callEndpoint(verificationRoute.GET, { locals: { user: other }, params: { id } })).status).toBe(404);
    expect((await callEndpoint(verificationRoute.POST, { locals: { user: other }, params: { id } })).status).toBe(404);
    expect((await callEndpoint(verificationRoute.GET, { locals: { user: owner }, params: { id: '999999' } })).status).toBe(404);
    expect((await callEndpoint(verificationRoute.GET, { locals: { user: owner }, params: { id: 'abc' } })).status).toBe(404);
    expect((await callEndpoint(verifyRoute.POST, { locals: { user: other }, params: { id } })).status).toBe(404);
  });

  it('POST /api/podcast/{id}/verify answers the podcast payload with its email', async () => {
    const user = await seedUser();
    const podcast = await seedPodcast(user.id, server.url('/buzzsprout.xml'), { title: 'Side Quest Founders' });
    const response = await callEndpoint(verifyRoute.POST, { locals: { user }, params: { id: String(podcast.id) } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { message: string; data: Record<string, unknown> };
    expect(body.message).toBe('New verification email was sent to your inbox.');
    expect(body.data).toMatchObject({
      id: podcast.id,
      hash_id: podcast.hash_id,
      title: 'Side Quest Founders',
      email: 'priya@sidequestfounders.fm',
      verified_at: null,
      hosted: null,
    });
  });
});

describe('checkRedirecting', () => {
  async function hostedWith(originalPath: string | null) {
    const user = await seedUser();
    const podcast = await seedPodcast(user.id, server.url('/simplecast.xml'));
    const hosted = await seedHosted(podcast.id, { url: HOSTED_FEED, original_url: originalPath ? server.url(originalPath) : null });
    return { user, podcast, hosted };
  }

  it('detects a 301 to the hosted feed', async () => {
    const { user, hosted } = await hostedWith('/old-301');
    const payload = await checkRedirecting(user, hosted.id);
    expect(payload.redirecting_url).toBe(HOSTED_FEED);
    expect(new Date(payload.redirecting_at!).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(payload.original_url_failed_requests).toBe(0);
  });

  it('detects a 308 to the hosted feed', async () => {
    const { user, hosted } = await hostedWith('/old-308');
    expect((await checkRedirecting(user, hosted.id)).redirecting_at).not.toBeNull();
  });

  it('detects itunes:new-feed-url naming the hosted feed', async () => {
    const { user, hosted } = await hostedWith('/old-new-feed-url');
    const payload = await checkRedirecting(user, hosted.id);
    expect(payload.redirecting_url).toBe(HOSTED_FEED);
    expect(payload.redirecting_at).not.toBeNull();
  });

  it('does not count a temporary redirect, a redirect elsewhere, or a feed without new-feed-url', async () => {
    for (const path of ['/old-302', '/old-301-elsewhere', '/libsyn.xml', '/simplecast.xml']) {
      const { user, hosted } = await hostedWith(path);
      const payload = await checkRedirecting(user, hosted.id);
      expect(payload.redirecting_at, path).toBeNull();
      expect(payload.redirecting_url, path).toBeNull();
      expect(payload.original_url_failed_requests, path).toBe(0);
    }
  });

  it('counts failed fetches of the original feed', async () => {
    const { user, hosted } = await hostedWith('/gone');
    expect((await checkRedirecting(user, hosted.id)).original_url_failed_requests).toBe(1);
    // A second check within 5 s is throttled; the counter is not touched.
    await expect(checkRedirecting(user, hosted.id)).rejects.toMatchObject({ status: 429 });
    const db = await getDb();
    await db.execute(`delete from rate_limits where key = 'check-redirecting:${hosted.id}'`);
    expect((await checkRedirecting(user, hosted.id)).original_url_failed_requests).toBe(2);
    const [row] = await db
      .select()
      .from(hostedPodcasts)
      .where(and(eq(hostedPodcasts.id, hosted.id)));
    expect(row!.original_url_failed_requests).toBe(2);
    expect(row!.redirecting_at).toBeNull();
  });

  it('counts a refused (private, not allow-listed) original feed as failed', async () => {
    const user = await seedUser();
    const podcast = await seedPodcast(user.id, server.url('/simplecast.xml'));
    const hosted = await seedHosted(podcast.id, { url: HOSTED_FEED, original_url: 'http://10.1.2.3/feed.xml' });
    expect((await checkRedirecting(user, hosted.id)).original_url_failed_requests).toBe(1);
  });

  it('answers 422 without an original feed, 404 to another user', async () => {
    const { user, hosted } = await hostedWith(null);
    await expect(checkRedirecting(user, hosted.id)).rejects.toMatchObject({
      status: 422,
      errors: { original_url: ['This podcast has no original feed to redirect from.'] },
    });
    const other = await seedUser();
    await expect(checkRedirecting(other, hosted.id)).rejects.toMatchObject({ status: 404 });
  });

  it('GET /api/podcasts/hosted/{id}/check-redirecting answers { data: hosted payload }', async () => {
    const { user, podcast, hosted } = await hostedWith('/old-301');
    const response = await callEndpoint(checkRedirectingRoute.GET, { locals: { user }, params: { id: String(hosted.id) } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: Record<string, unknown> };
    expect(body.data).toMatchObject({
      id: hosted.id,
      podcast_id: podcast.id,
      url: HOSTED_FEED,
      original_url: server.url('/old-301'),
      redirecting_url: HOSTED_FEED,
      original_url_failed_requests: 0,
    });
    const brand = await seedUser('BRAND');
    expect((await callEndpoint(checkRedirectingRoute.GET, { locals: { user: brand }, params: { id: String(hosted.id) } })).status).toBe(403);
  });
});
