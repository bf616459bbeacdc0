import { eq } from 'drizzle-orm';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Parser from 'rss-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshEnvironment, seedPodcast, seedUser } from './support';
import { startHostingFeedServer, FEEDS, type HostingFeedServer } from '../fixtures/feeds/hosting/feed-server.mjs';

let feeds: HostingFeedServer;
let provider: Server;
let providerOrigin = '';
let env: { dataDir: string; cleanup(): void };

beforeAll(async () => {
  feeds = await startHostingFeedServer();
  // A local stand-in for Stripe's and PayPal's OAuth token endpoints.
  provider = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const code = new URLSearchParams(body).get('code');
      res.setHeader('content-type', 'application/json');
      if (req.url === '/oauth/token')
        return res.end(
          JSON.stringify(code === 'good' ? { stripe_user_id: 'acct_1Test' } : { error: 'invalid_grant', error_description: 'Authorization code expired.' }),
        );
      if (req.url === '/v1/oauth2/token') return res.end(JSON.stringify({ access_token: 'pp-token' }));
      if (req.url?.startsWith('/v1/identity/oauth2/userinfo')) return res.end(JSON.stringify({ payer_id: 'PAYER42' }));
      res.statusCode = 404;
      return res.end('{}');
    });
  });
  await new Promise<void>((r) => provider.listen(0, '127.0.0.1', r));
  providerOrigin = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  env = freshEnvironment(`127.0.0.1:${feeds.port}`);
  process.env.STRIPE_CONNECT_BASE_URL = providerOrigin;
  process.env.PAYPAL_API_BASE_URL = providerOrigin;
  const { migrateWithQueue: migrate } = await import('../../src/lib/server/jobs/migrate-all');
  await migrate();
});

afterAll(async () => {
  const { closeDb } = await import('../../src/lib/server/db/client');
  await closeDb();
  await feeds.close();
  await new Promise<void>((r) => provider.close(() => r()));
  env.cleanup();
});

async function hostedShow(feedPath: string) {
  const { getDb } = await import('../../src/lib/server/db/client');
  const { hostedPodcasts } = await import('../../src/lib/server/db/schema');
  const user = await seedUser('PODCASTER');
  const podcast = await seedPodcast(user.id, feeds.url(feedPath), { verified_at: new Date() });
  const [hosted] = await (await getDb()).insert(hostedPodcasts).values({ podcast_id: podcast.id, original_url: podcast.url }).returning();
  return { user, podcast, hosted: hosted! };
}

describe('[HOSTING] feed import', () => {
  it('resumes a killed import with Resync: every GUID once, media copied, notes sanitised, a valid hosted feed', async () => {
    const { getDb } = await import('../../src/lib/server/db/client');
    const { episodes, hostedPodcasts } = await import('../../src/lib/server/db/schema');
    const { startMigration } = await import('../../src/lib/server/hosting/start-migration');
    const { importHostedFeed } = await import('../../src/lib/server/hosting/import-feed');
    const { markStaleMigrations } = await import('../../src/lib/server/hosting/migration-state');
    const { buildHostedFeed } = await import('../../src/lib/server/hosting/build-hosted-feed');
    const { user, podcast, hosted } = await hostedShow(FEEDS.libsyn.path);
    const db = await getDb();

    await startMigration(user, hosted.id, {});
    // The worker dies after the second episode: what was committed stays.
    await expect(
      importHostedFeed(hosted.id, {
        afterEpisode: (done) => {
          if (done === 2) throw new Error('worker killed');
        },
      }),
    ).rejects.toThrow('worker killed');
    expect(await db.select().from(episodes).where(eq(episodes.podcast_id, podcast.id))).toHaveLength(2);
    const [half] = await db.select().from(hostedPodcasts).where(eq(hostedPodcasts.id, hosted.id));
    expect(half!.migration_status).toBe('in-progress');
    expect(half!.migration_percent).toBe(50);

    // Ten minutes without progress: the scheduled check marks it stale.
    expect(await markStaleMigrations(new Date(Date.now() + 11 * 60 * 1000))).toBe(1);
    const [stale] = await db.select().from(hostedPodcasts).where(eq(hostedPodcasts.id, hosted.id));
    expect(stale!.migration_status).toBe('stale');

    // Resync through the same call.
    await startMigration(user, hosted.id, {});
    const result = await importHostedFeed(hosted.id);
    expect(result).toMatchObject({ imported: 2, updated: 2, total: 4, files: { failed: 0 } });
    const rows = await db.select().from(episodes).where(eq(episodes.podcast_id, podcast.id));
    expect(rows.map((r) => r.guid).sort()).toEqual(
      ['b3a1c2f0-6d2e-4a57-9b8e-2f1d7c4e9a31', 'libsyn-418032-ep-0017', 'libsyn-418032-ep-0016', 'https://nightshiftstories.example/?p=212'].sort(),
    );
    const lighthouse = rows.find((r) => r.guid === 'b3a1c2f0-6d2e-4a57-9b8e-2f1d7c4e9a31')!;
    expect(lighthouse.description).not.toContain('<script');
    expect(lighthouse.description).not.toContain('onclick');
    expect(lighthouse.description).toContain('<a href="https://nightshiftstories.example/about">Priya</a>');
    expect(lighthouse).toMatchObject({ duration: 31 * 60 + 42, season: 2, episode_number: 3, explicit: false });
    expect(rows.find((r) => r.guid === 'libsyn-418032-ep-0016')).toMatchObject({ duration: 1728, explicit: true });
    expect(lighthouse.enclosure_url).toMatch(/^http:\/\/cuepoint\.test\/media\/.+\.mp3$/);
    expect(lighthouse.original_enclosure_url).toContain(feeds.origin);
    const [done] = await db.select().from(hostedPodcasts).where(eq(hostedPodcasts.id, hosted.id));
    expect(done).toMatchObject({ migration_status: 'completed', migration_percent: 100 });

    // The hosted feed read back by a third-party parser.
    const feed = await buildHostedFeed(podcast.hash_id);
    const parsed = await new Parser({ customFields: { feed: ['itunes:new-feed-url'] as never[] } }).parseString(feed!.xml);
    expect(parsed.title).toBe('Night Shift Stories');
    expect(parsed.items).toHaveLength(4);
    expect(parsed.items.map((i) => i.guid).sort()).toEqual(rows.map((r) => r.guid).sort());
    for (const item of parsed.items) expect(item.enclosure?.url).toMatch(/^http:\/\/cuepoint\.test\/media\//);
    // Before the show leaves, the feed never names a new feed URL.
    expect((parsed as unknown as Record<string, string>)['itunes:new-feed-url']).toBeUndefined();
    expect(parsed.itunes?.owner?.email).toBe('priya@nightshiftstories.example');
    expect(parsed.itunes?.categories).toContain('Fiction');
  });

  it('moves the audio of the episodes stored when the show was added, instead of skipping them', async () => {
    const { getDb } = await import('../../src/lib/server/db/client');
    const { episodes, hostedPodcasts, podcasts, migrationFiles } = await import('../../src/lib/server/db/schema');
    const { addPodcast } = await import('../../src/lib/server/podcasts/add-podcast');
    const { startMigration } = await import('../../src/lib/server/hosting/start-migration');
    const { importHostedFeed } = await import('../../src/lib/server/hosting/import-feed');
    const db = await getDb();
    const user = await seedUser('PODCASTER');
    // The marketplace route: the show is added first (its latest episodes stored with the old host's audio).
    const podcast = await addPodcast(user.id, { url: feeds.url(FEEDS.libsyn.path) } as never);
    const added = await db.select().from(episodes).where(eq(episodes.podcast_id, podcast.id));
    expect(added).toHaveLength(4);
    expect(added.every((e) => e.enclosure_url?.startsWith(feeds.origin))).toBe(true);
    await db.update(podcasts).set({ verified_at: new Date() }).where(eq(podcasts.id, podcast.id));
    const [hosted] = await db.insert(hostedPodcasts).values({ podcast_id: podcast.id, original_url: podcast.url }).returning();

    await startMigration(user, hosted!.id, {});
    const result = await importHostedFeed(hosted!.id);
    expect(result).toMatchObject({ imported: 0, updated: 4, total: 4, files: { failed: 0 } });
    const rows = await db.select().from(episodes).where(eq(episodes.podcast_id, podcast.id));
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      expect(row.enclosure_url).toMatch(/^http:\/\/cuepoint\.test\/media\//);
      expect(row.original_enclosure_url).toContain(feeds.origin);
    }
    expect(rows.map((r) => r.hash_id).sort()).toEqual(added.map((r) => r.hash_id).sort());
    const files = await db.select().from(migrationFiles).where(eq(migrationFiles.hosted_podcast_id, hosted!.id));
    expect(files.filter((f) => f.kind === 'audio' && f.status === 'copied')).toHaveLength(4);
    const [done] = await db.select().from(hostedPodcasts).where(eq(hostedPodcasts.id, hosted!.id));
    expect(done!.settings.migration_report).toMatchObject({ episodes: 4, files: { failed: 0, copied: files.length, total: files.length } });
  });

  it('reports a file the old host lost by name without failing the rest, refuses the redirect, and fetches it on Resync', async () => {
    const { getDb } = await import('../../src/lib/server/db/client');
    const { episodes, hostedPodcasts, migrationFiles } = await import('../../src/lib/server/db/schema');
    const { startMigration } = await import('../../src/lib/server/hosting/start-migration');
    const { importHostedFeed, failedFilesSentence } = await import('../../src/lib/server/hosting/import-feed');
    const { checkRedirecting } = await import('../../src/lib/server/hosting/check-redirecting');
    const { user, podcast, hosted } = await hostedShow(FEEDS.libsyn.path);
    const db = await getDb();
    const lost = '/audio/bread-before-dawn.mp3';
    feeds.removeFile(lost);
    const lostBefore = feeds.requests.filter((p) => p === lost).length;
    try {
      // Before the migration the redirect is refused: the hosted feed would serve nothing.
      await expect(checkRedirecting(user, hosted.id)).rejects.toMatchObject({ status: 422 });
      await startMigration(user, hosted.id, {});
      const first = await importHostedFeed(hosted.id, { retryDelaysMs: [0, 0] });
      expect(first).toMatchObject({ total: 4, files: { failed: 1 } });
      const lostRequests = feeds.requests.filter((p) => p === lost).length - lostBefore;
      expect(lostRequests).toBe(3); // tried, then retried twice
      const [done] = await db.select().from(hostedPodcasts).where(eq(hostedPodcasts.id, hosted.id));
      expect(done!.migration_status).toBe('completed');
      const report = done!.settings.migration_report as Parameters<typeof failedFilesSentence>[0];
      expect(failedFilesSentence(report)).toBe(`1 of ${report.files.total} files could not be fetched: the audio of “Bread Before Dawn”.`);
      const rows = await db.select().from(episodes).where(eq(episodes.podcast_id, podcast.id));
      expect(rows).toHaveLength(4);
      const bread = rows.find((r) => r.title === 'Bread Before Dawn')!;
      expect(bread.enclosure_url).toBe(feeds.url(`${lost}?s=2`));
      expect(rows.filter((r) => r.enclosure_url?.startsWith('http://cuepoint.test/media/'))).toHaveLength(3);
      await expect(checkRedirecting(user, hosted.id)).rejects.toThrow('1 file has not moved yet. Resync the migration to fetch it, then set up the redirect.');
    } finally {
      feeds.restoreFile(lost);
    }

    // Resync: only the missing file is downloaded again.
    const audioBefore = feeds.requests.filter((p) => p.startsWith('/audio/')).length;
    await startMigration(user, hosted.id, {});
    const second = await importHostedFeed(hosted.id, { retryDelaysMs: [0, 0] });
    expect(second).toMatchObject({ imported: 0, updated: 4, files: { failed: 0 } });
    expect(feeds.requests.filter((p) => p.startsWith('/audio/')).length - audioBefore).toBe(1);
    const rows = await db.select().from(episodes).where(eq(episodes.podcast_id, podcast.id));
    expect(rows.every((r) => r.enclosure_url?.startsWith('http://cuepoint.test/media/'))).toBe(true);
    const files = await db.select().from(migrationFiles).where(eq(migrationFiles.hosted_podcast_id, hosted.id));
    expect(files.every((f) => f.status === 'copied')).toBe(true);
  });

  it('reports only what it serves, and names the items of the old feed that have no audio file', async () => {
    const { getDb } = await import('../../src/lib/server/db/client');
    const { hostedPodcasts } = await import('../../src/lib/server/db/schema');
    const { startMigration } = await import('../../src/lib/server/hosting/start-migration');
    const { importHostedFeed } = await import('../../src/lib/server/hosting/import-feed');
    const { withoutAudioSentence } = await import('../../src/lib/hosting-rules');
    const { buildHostedFeed } = await import('../../src/lib/server/hosting/build-hosted-feed');
    const { user, podcast, hosted } = await hostedShow(FEEDS.anchor.path);
    await startMigration(user, hosted.id, {});
    await importHostedFeed(hosted.id);
    const [done] = await (await getDb()).select().from(hostedPodcasts).where(eq(hostedPodcasts.id, hosted.id));
    const report = done!.settings.migration_report as import('../../src/lib/hosting-rules').MigrationReport;
    // Three items in the old feed, two with audio: two episodes are served, the third is named.
    expect(report).toMatchObject({ episodes: 2, served: 2, without_audio: { count: 1, titles: ['Listener Mailbag: Your Questions, Answered in Writing'] } });
    expect(withoutAudioSentence(report)).toBe(
      '1 item of the old feed has no audio file, so it is not in your Cuepoint feed: “Listener Mailbag: Your Questions, Answered in Writing”.',
    );
    const feed = await buildHostedFeed(podcast.hash_id);
    expect(feed!.xml.match(/<item>/g)).toHaveLength(report.episodes);
  });

  it('serves hosted media with byte ranges and conditional GET', async () => {
    const { getDb } = await import('../../src/lib/server/db/client');
    const { episodes } = await import('../../src/lib/server/db/schema');
    const { startMigration } = await import('../../src/lib/server/hosting/start-migration');
    const { importHostedFeed } = await import('../../src/lib/server/hosting/import-feed');
    const { serveMedia } = await import('../../src/lib/server/hosting/serve-media');
    const { user, podcast, hosted } = await hostedShow(FEEDS.buzzsprout.path);
    await startMigration(user, hosted.id, {});
    await importHostedFeed(hosted.id);
    const [ep] = await (await getDb()).select().from(episodes).where(eq(episodes.podcast_id, podcast.id)).limit(1);
    const name = decodeURIComponent(ep!.enclosure_url!.split('/').pop()!);
    const full = await serveMedia(new Request('http://x/'), podcast.hash_id, name);
    expect(full.status).toBe(200);
    const bytes = Buffer.from(await full.arrayBuffer());
    expect(bytes.subarray(0, 3).toString()).toBe('ID3');
    const part = await serveMedia(new Request('http://x/', { headers: { range: 'bytes=10-19' } }), podcast.hash_id, name);
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-19/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(10, 20));
    const again = await serveMedia(new Request('http://x/', { headers: { 'if-none-match': full.headers.get('etag')! } }), podcast.hash_id, name);
    expect(again.status).toBe(304);
    expect((await serveMedia(new Request('http://x/', { headers: { range: 'bytes=999999-' } }), podcast.hash_id, name)).status).toBe(416);
    expect((await serveMedia(new Request('http://x/'), podcast.hash_id, '../app-key')).status).toBe(404);
  });

  it('exchanges a payout code with the provider and stores the connection', async () => {
    const { getDb } = await import('../../src/lib/server/db/client');
    const { users } = await import('../../src/lib/server/db/schema');
    const { authorizeUrl, completeConnect, decodeState } = await import('../../src/lib/server/hosting/connect-payouts');
    const user = await seedUser('PODCASTER');
    const url = new URL(authorizeUrl('stripe', { email: user.row.email, encrypted_id: user.row.encrypted_id }, '/hosting/dashboard'));
    expect(url.origin).toBe(providerOrigin);
    expect(url.searchParams.get('stripe_user[email]')).toBe(user.row.email);
    expect(url.searchParams.get('redirect_uri')).toBe('http://cuepoint.test/webhooks/stripe-connect');
    expect(decodeState(url.searchParams.get('state'))).toEqual({ encrypted_id: user.row.encrypted_id, path: '/hosting/dashboard' });
    const bad = await completeConnect('stripe', { code: 'expired', state: url.searchParams.get('state'), error: null, error_description: null });
    expect(bad).toMatchObject({ ok: false, message: 'Authorization code expired.' });
    const ok = await completeConnect('stripe', { code: 'good', state: url.searchParams.get('state'), error: null, error_description: null });
    expect(ok).toMatchObject({ ok: true, path: '/hosting/dashboard' });
    const [row] = await (await getDb()).select().from(users).where(eq(users.id, user.id));
    expect(row!.payouts_connect).toMatchObject({ provider: 'stripe', account_id: 'acct_1Test' });
    const paypal = new URL(authorizeUrl('paypal', { email: user.row.email, encrypted_id: user.row.encrypted_id }, '/hosting/episodes'));
    expect(paypal.searchParams.get('flowEntry')).toBe('static');
    const pp = await completeConnect('paypal', { code: 'x', state: paypal.searchParams.get('state'), error: null, error_description: null });
    expect(pp).toMatchObject({ ok: true, path: '/hosting/episodes' });
    expect(await completeConnect('paypal', { code: 'x', state: 'forged.state', error: null, error_description: null })).toMatchObject({ ok: false });
  });
});
