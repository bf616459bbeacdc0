import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedPodcast, seedUser, hostingFeedsForFile } from './support';
import { FEEDS } from '../fixtures/feeds/hosting/feed-server.mjs';
import { readWithPartytime, readWithThreeParsers } from '../support/feed-parsers';

const hosting = hostingFeedsForFile();

/** A verified show of a new podcaster, moved in from the fixture feed at `path`. */
async function migratedShow(path: string) {
  const { getDb } = await import('../../src/lib/server/db/client');
  const { hostedPodcasts } = await import('../../src/lib/server/db/schema');
  const { startMigration } = await import('../../src/lib/server/hosting/start-migration');
  const { importHostedFeed } = await import('../../src/lib/server/hosting/import-feed');
  const user = await seedUser('PODCASTER');
  const podcast = await seedPodcast(user.id, hosting.feeds.url(path), { verified_at: new Date() });
  const [hosted] = await (await getDb()).insert(hostedPodcasts).values({ podcast_id: podcast.id, original_url: podcast.url }).returning();
  await startMigration(user, hosted!.id, {});
  await importHostedFeed(hosted!.id, { retryDelaysMs: [0, 0] });
  return { user, podcast, hosted: hosted! };
}

/** Marks the onboarding finished (View Episodes), as complete-onboarding does. */
async function finishOnboarding(hostedId: number) {
  const { getDb } = await import('../../src/lib/server/db/client');
  const { hostedPodcasts } = await import('../../src/lib/server/db/schema');
  await (await getDb()).update(hostedPodcasts).set({ is_completed: true }).where(eq(hostedPodcasts.id, hostedId));
}

async function feedOf(hash: string, now?: Date) {
  const { buildHostedFeed } = await import('../../src/lib/server/hosting/build-hosted-feed');
  return (await buildHostedFeed(hash, now))!;
}

describe('[HOSTING] the show’s identity and data', () => {
  it('keeps podcast:guid, GUIDs, Podcasting 2.0 tags, nested categories and fractional durations; three parsers agree', async () => {
    const { appleFeedProblems } = await import('../../src/lib/server/hosting/apple-feed-check');
    const { podcast, user } = await migratedShow(FEEDS.castopod.path);
    const feed = await feedOf(podcast.hash_id);
    expect(appleFeedProblems(feed.xml)).toEqual([]);

    const readings = await readWithThreeParsers(feed.xml);
    expect(readings.length).toBeGreaterThanOrEqual(2);
    for (const r of readings.slice(1)) expect(r).toEqual(readings[0]);
    const [reading] = readings;
    expect(reading!.podcastGuid).toBe('a1b2c3d4-e5f6-5a7b-8c9d-0e1f2a3b4c5d');
    expect(reading!.items.map((i) => i.guid)).toEqual(['osh-2f9e1c7a-0040', 'osh-2f9e1c7a-0041', 'osh-2f9e1c7a-0042']);
    for (const item of reading!.items) expect(item.enclosure.startsWith('http://cuepoint.test/media/')).toBe(true);
    expect(reading!.items.find((i) => i.guid === 'osh-2f9e1c7a-0042')!.duration).toBe(1015);

    const p = readWithPartytime(feed.xml);
    expect(p.podcastGuid).toBe('a1b2c3d4-e5f6-5a7b-8c9d-0e1f2a3b4c5d');
    const { parseFeed } = await import('podcast-partytime');
    const full = parseFeed(feed.xml)!;
    // Apple categories stay category > subcategory: "Performing Arts" is never a category of its own.
    expect(full.itunesCategory).toEqual(['Technology', 'Arts > Performing Arts']);
    expect(full.locked).toBe(true);
    expect(full.podcastOwner).toBe('hosts@opensourcehour.example');
    expect(full.medium).toBe('podcast');
    expect(full.podcastFunding).toEqual([{ url: 'https://opensourcehour.example/donate', message: 'Keep the show independent' }]);
    expect(full.podcastPeople?.map((x) => x.name)).toEqual(['Inès Laurent', 'Tomasz Nowak']);
    expect(full.value?.recipients.map((r) => [r.name, r.split, r.customKey ?? null])).toEqual([
      ['Inès Laurent', 60, null],
      ['Tomasz Nowak', 40, '696969'],
    ]);
    const ep = full.items.find((i) => i.guid === 'osh-2f9e1c7a-0042')!;
    expect(ep.itunesEpisodeType).toBe('full');
    expect(ep.podcastSeason).toEqual({ number: 3, name: 'Sustainability' });
    expect(ep.podcastEpisode).toEqual({ number: 42 });
    expect(ep.podcastPeople?.[0]?.name).toBe('Amara Okafor');
    expect(ep.podcastSoundbites?.[0]).toMatchObject({ startTime: 312.5, duration: 41.2 });
    expect(ep.value?.recipients).toHaveLength(2);
    // Chapters and transcripts moved like the audio.
    expect(ep.podcastChapters?.url).toMatch(/^http:\/\/cuepoint\.test\/media\/.+\.json$/);
    expect(ep.podcastTranscripts?.map((t) => [t.type, t.url.startsWith('http://cuepoint.test/media/')])).toEqual([
      ['text/vtt', true],
      ['application/json', true],
    ]);
    expect(full.items.find((i) => i.guid === 'osh-2f9e1c7a-0041')!.itunesEpisodeType).toBe('trailer');
    expect(full.items.find((i) => i.guid === 'osh-2f9e1c7a-0040')!.itunesEpisodeType).toBe('bonus');
    // Before the show leaves, the feed never names a new feed URL (itself included).
    expect(feed.xml).not.toContain('itunes:new-feed-url');

    // A second import keeps the same podcast:guid.
    const { startMigration } = await import('../../src/lib/server/hosting/start-migration');
    const { getDb } = await import('../../src/lib/server/db/client');
    const { hostedPodcasts } = await import('../../src/lib/server/db/schema');
    const [hosted] = await (await getDb()).select().from(hostedPodcasts).where(eq(hostedPodcasts.podcast_id, podcast.id));
    expect((hosted!.settings.channel as { podcast_guid: string }).podcast_guid).toBe('a1b2c3d4-e5f6-5a7b-8c9d-0e1f2a3b4c5d');
    await expect(startMigration(user, hosted!.id, {})).rejects.toMatchObject({ status: 422 });
  });

  it('gives a show without podcast:guid the one its original address derives, locks the feed to the account email, and serves a future episode from its date', async () => {
    const { podcastGuid } = await import('../../src/lib/server/hosting/podcast-guid');
    const { podcast, user } = await migratedShow(FEEDS.subsplash.path);
    const now = await feedOf(podcast.hash_id);
    const reading = readWithPartytime(now.xml);
    expect(reading.podcastGuid).toBe(podcastGuid(hosting.feeds.url(FEEDS.subsplash.path)));
    expect(now.xml).toContain(`<podcast:locked owner="${user.row.email}">yes</podcast:locked>`);
    expect(now.xml).toContain('<itunes:category text="Religion &amp; Spirituality"><itunes:category text="Christianity"/></itunes:category>');
    expect(reading.items.map((i) => i.title)).toEqual(['Advent Week 3: Peace', 'Advent Week 4: Joy']);
    const easter = await feedOf(podcast.hash_id, new Date('2031-04-13T15:00:00Z'));
    expect(readWithPartytime(easter.xml).items.map((i) => i.title)).toContain('Easter Sunday 2031');
    expect(easter.etag).not.toBe(now.etag);
  });
});

describe('[HOSTING] feeds that caches love', () => {
  it('keeps ETag and Last-Modified through downloads, changes them with the content, answers 304 and compresses', async () => {
    const { serveHostedFeed } = await import('../../src/lib/server/hosting/serve-feed');
    const { flushRequestLog, recordMediaRequest } = await import('../../src/lib/server/measurement/analytics/request-log');
    const { countDownloads } = await import('../../src/lib/server/measurement/analytics/count-downloads');
    const { updateFeedSettings } = await import('../../src/lib/server/hosting/update-hosted');
    const { getDb } = await import('../../src/lib/server/db/client');
    const { episodes } = await import('../../src/lib/server/db/schema');
    const { podcast, user, hosted } = await migratedShow(FEEDS.buzzsprout.path);
    const get = (headers: Record<string, string> = {}) => serveHostedFeed(new Request('http://x/', { headers }), podcast.hash_id);
    const first = await get();
    const etag = first.headers.get('etag')!;
    const lastModified = first.headers.get('last-modified')!;
    expect(first.status).toBe(200);

    const [ep] = await (await getDb()).select().from(episodes).where(eq(episodes.podcast_id, podcast.id)).limit(1);
    const name = decodeURIComponent(ep!.enclosure_url!.split('/').pop()!);
    await new Promise((r) => setTimeout(r, 1100));
    // Three listeners download the episode, and the counter counts them (measurement's request log).
    for (let i = 1; i <= 3; i++) {
      const request = new Request(`http://x/media/${podcast.hash_id}/${encodeURIComponent(name)}`, {
        headers: { 'user-agent': 'AppleCoreMedia/1.0.0.20E252 (iPhone; U; CPU OS 16_4 like Mac OS X; en_us)' },
      });
      await recordMediaRequest({ request, response: new Response('audio', { status: 200 }), podcastHash: podcast.hash_id, name, address: `198.51.100.${i}` });
    }
    await flushRequestLog();
    expect((await countDownloads()).downloads).toBeGreaterThan(0);
    // The episode list reads its figure from the same counter.
    const { listHostedEpisodes } = await import('../../src/lib/server/hosting/list-hosted-episodes');
    expect((await listHostedEpisodes(podcast.id)).items.find((i) => i.hash_id === ep!.hash_id)?.downloads).toBe(3);
    const afterDownloads = await get();
    expect(afterDownloads.headers.get('etag')).toBe(etag);
    expect(afterDownloads.headers.get('last-modified')).toBe(lastModified);
    expect((await get({ 'if-none-match': etag })).status).toBe(304);
    expect((await get({ 'if-modified-since': lastModified })).status).toBe(304);

    const gz = await get({ 'accept-encoding': 'gzip, deflate' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('vary')).toBe('Accept-Encoding');
    const { gunzipSync } = await import('node:zlib');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(await first.text());
    const br = await get({ 'accept-encoding': 'br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect((await get({ 'accept-encoding': 'br', 'if-none-match': br.headers.get('etag')! })).status).toBe(304);

    await updateFeedSettings(user, hosted.id, { title: 'Trailside Ecology, Revisited' });
    const changed = await get({ 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(new Date(changed.headers.get('last-modified')!).getTime()).toBeGreaterThan(new Date(lastModified).getTime());
  });
});

describe('[HOSTING] leaving', () => {
  it('answers 301 to the new feed with itunes:new-feed-url once the show leaves, and refuses an address that is no feed', async () => {
    const { serveHostedFeed } = await import('../../src/lib/server/hosting/serve-feed');
    const { updateHosted } = await import('../../src/lib/server/hosting/update-hosted');
    const { podcast, user, hosted } = await migratedShow(FEEDS.anchor.path);
    await finishOnboarding(hosted.id);
    await expect(updateHosted(user, hosted.id, { moved_to: hosting.feeds.url('/art/not-a-feed.png') })).rejects.toMatchObject({
      status: 422,
      errors: { moved_to: ['That address does not answer with an RSS feed yet. Import your show on your new host first.'] },
    });
    const newFeed = hosting.feeds.url(FEEDS.libsyn.path);
    await updateHosted(user, hosted.id, { moved_to: newFeed });
    const res = await serveHostedFeed(new Request('http://x/'), podcast.hash_id);
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(newFeed);
    expect(await res.text()).toContain(`<itunes:new-feed-url>${newFeed}</itunes:new-feed-url>`);
    await updateHosted(user, hosted.id, { moved_to: null });
    const back = await serveHostedFeed(new Request('http://x/'), podcast.hash_id);
    expect(back.status).toBe(200);
    expect(await back.text()).not.toContain('itunes:new-feed-url');
  });

  it('refuses to leave while a file is on the old host or the onboarding is unfinished, naming them, unless the podcaster leaves anyway', async () => {
    const { updateHosted } = await import('../../src/lib/server/hosting/update-hosted');
    const lost = '/audio/bread-before-dawn.mp3';
    hosting.feeds.removeFile(lost);
    let show: Awaited<ReturnType<typeof migratedShow>>;
    try {
      show = await migratedShow(FEEDS.libsyn.path);
    } finally {
      hosting.feeds.restoreFile(lost);
    }
    const { user, hosted } = show;
    const lostUrl = `${hosting.feeds.url(lost)}?s=2`; // as the feed names it
    const newFeed = hosting.feeds.url(FEEDS.anchor.path);
    const refusal = (await updateHosted(user, hosted.id, { moved_to: newFeed }).catch((e: unknown) => e)) as { status: number; message: string; body: unknown };
    expect(refusal).toMatchObject({
      status: 422,
      body: { left_behind: { files: [{ kind: 'audio', url: lostUrl }], onboarding_unfinished: true } },
    });
    expect(refusal.message).toBe(
      `You cannot leave yet: 1 file is still on your old host (audio ${lostUrl}), and your onboarding on Cuepoint is not finished. Resync the migration and finish the onboarding first, or confirm that you leave anyway.`,
    );
    // The onboarding finished, the file still missing: refused, naming the file only.
    await finishOnboarding(hosted.id);
    await expect(updateHosted(user, hosted.id, { moved_to: newFeed })).rejects.toMatchObject({
      status: 422,
      message: `You cannot leave yet: 1 file is still on your old host (audio ${lostUrl}). Resync the migration first, or confirm that you leave anyway.`,
    });
    // Leaving anyway is accepted, and the move records what stayed behind.
    const left = await updateHosted(user, hosted.id, { moved_to: newFeed, leave_anyway: true });
    expect(left.settings.moved_to).toBe(newFeed);
    expect(left.settings.moved_left_behind).toBe(`1 file is still on your old host (audio ${lostUrl}).`);
  });
});

describe('[HOSTING] categories Apple does not list', () => {
  it('names a feed category Apple does not list with the nearest ones, and the feed uses the podcaster’s pick', async () => {
    const { summariseFeed } = await import('../../src/lib/server/hosting/feed-summary');
    const { startMigration } = await import('../../src/lib/server/hosting/start-migration');
    const { importHostedFeed } = await import('../../src/lib/server/hosting/import-feed');
    const { getDb } = await import('../../src/lib/server/db/client');
    const { hostedPodcasts } = await import('../../src/lib/server/db/schema');
    hosting.feeds.inject(FEEDS.buzzsprout.path, '<itunes:category text="News &amp; Politics"/>');
    try {
      const user = await seedUser('PODCASTER');
      const podcast = await seedPodcast(user.id, hosting.feeds.url(FEEDS.buzzsprout.path), { verified_at: new Date() });
      const summary = await summariseFeed(podcast as never, null);
      expect(summary.hasIunesCategory).toBe(true);
      expect(summary.unlistedCategories).toEqual([
        {
          label: 'News & Politics',
          suggestions: [
            { category: 'News', subcategory: 'Politics' },
            { category: 'News', subcategory: null },
            { category: 'News', subcategory: 'Business News' },
          ],
        },
      ]);
      const [hosted] = await (await getDb()).insert(hostedPodcasts).values({ podcast_id: podcast.id, original_url: podcast.url }).returning();
      await expect(startMigration(user, hosted!.id, { itunes_category: { category: 'News & Politics', subcategory: null } })).rejects.toMatchObject({
        status: 422,
        errors: { itunes_category: ['Choose one of the categories Apple Podcasts lists.'] },
      });
      await startMigration(user, hosted!.id, { itunes_category: { category: 'News', subcategory: 'Politics' } });
      await importHostedFeed(hosted!.id, { retryDelaysMs: [0, 0] });
      const feed = await feedOf(podcast.hash_id);
      expect(feed.xml).toContain('<itunes:category text="News"><itunes:category text="Politics"/></itunes:category>');
      expect(feed.xml).not.toContain('Society &amp; Culture');
    } finally {
      hosting.feeds.inject(FEEDS.buzzsprout.path, '');
    }
  });
});

describe('[HOSTING] verification by podcast:txt', () => {
  it('gives a code, says when the feed does not carry it yet, and verifies once it does (also through the poll)', async () => {
    const { requestTxtVerification, checkTxtVerification, pollVerification, CODE_NOT_FOUND_MESSAGE } = await import(
      '../../src/lib/server/hosting/verify-by-txt'
    );
    const user = await seedUser('PODCASTER');
    const podcast = await seedPodcast(user.id, hosting.feeds.url(FEEDS.subsplash.path));
    const { token, method } = await requestTxtVerification(user, podcast.id);
    expect(method).toBe('txt');
    expect((await requestTxtVerification(user, podcast.id)).token).toBe(token);
    await expect(checkTxtVerification(user, podcast.id)).rejects.toMatchObject({ status: 422, message: CODE_NOT_FOUND_MESSAGE });
    hosting.feeds.inject(FEEDS.subsplash.path, `<podcast:txt xmlns:podcast="https://podcastindex.org/namespace/1.0" purpose="verify">${token}</podcast:txt>`);
    try {
      const state = await pollVerification(user, podcast.id, new Date(Date.now() + 60_000));
      expect(state.verified).toBe(true);
    } finally {
      hosting.feeds.inject(FEEDS.subsplash.path, '');
    }
    // Another show: the explicit check.
    const other = await seedPodcast(user.id, hosting.feeds.url(FEEDS.castopod.path));
    const code = (await requestTxtVerification(user, other.id)).token;
    hosting.feeds.inject(FEEDS.castopod.path, `<podcast:txt purpose="verify">${code}</podcast:txt>`);
    try {
      expect(await checkTxtVerification(user, other.id)).toMatchObject({ verified: true, method: 'txt' });
    } finally {
      hosting.feeds.inject(FEEDS.castopod.path, '');
    }
  });

  it('says a feed could not be read in its own words, not as a missing email', async () => {
    const { requestPodcastVerification } = await import('../../src/lib/server/podcasts/verification');
    const user = await seedUser('PODCASTER');
    const podcast = await seedPodcast(user.id, 'http://127.0.0.1:9/feed.xml');
    const error = await requestPodcastVerification(user, podcast.id).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 422 });
    expect((error as { errors: Record<string, unknown> }).errors).toHaveProperty('url');
    expect((error as Error).message).toMatch(/^We could not read your RSS feed: /);
  });
});
