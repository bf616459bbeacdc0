import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, page } from '../support/http';
import { TEST_NOW } from '../support/clock';
import { seedPodcast, seedUser, type SeededUser } from '../support/builders';
import { testServer } from '../support/test-server';
import { runMeasurement } from '../../src/lib/server/measurement/analytics/jobs';
import { getDb } from '../../src/lib/server/db/client';
import { categories, hostedPodcasts, migrationFiles } from '../../src/lib/server/db/schema';

const TONE = readFileSync(new URL('../fixtures/audio/tone.mp3', import.meta.url));

let owner: SeededUser;
let stranger: SeededUser;

/** A hosted podcast whose onboarding is complete, so every hosting page shows. */
async function completedShow(userId: number, title: string) {
  const { podcast, hosted } = await seedPodcast(userId, { hosted: true, title });
  await (await getDb())
    .update(hostedPodcasts)
    .set({ migration_status: 'completed', is_completed: true, redirecting_at: new Date() })
    .where(eq(hostedPodcasts.id, hosted!.id));
  return { podcast, hosted: hosted! };
}

async function uploadAudio(token: string): Promise<number> {
  const { baseUrl } = await testServer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(TONE)], { type: 'audio/mpeg' }), 'pilot.mp3');
  const res = await fetch(`${baseUrl}/api/files`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' },
  });
  expect(res.status).toBe(201);
  return (await res.json()).data.id;
}

beforeAll(async () => {
  owner = await seedUser({ type: 'PODCASTER' });
  stranger = await seedUser({ type: 'PODCASTER' });
});

describe('[HOSTING] feed settings', () => {
  it('saves the channel settings, sanitises the description and shows them in the hosted feed', async () => {
    const { podcast, hosted } = await completedShow(owner.id, 'Low Tide Radio');
    const [science] = await (await getDb()).select().from(categories).where(eq(categories.title, 'Science'));
    const res = await call('POST', `/api/podcasts/hosted/${hosted.id}/feed`, {
      token: owner.token,
      body: {
        title: 'Low Tide Radio Weekly',
        description: '<p>Tide pools <u>up close</u>.</p><script>alert(1)</script>',
        author: 'Mara Quinn',
        owner_email: 'mara@lowtide.example',
        language: 'en-us',
        explicit: true,
        copyright: '© 2025 Mara Quinn',
        category_id: science!.id,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.settings.feed).toMatchObject({ title: 'Low Tide Radio Weekly', author: 'Mara Quinn', category_id: science!.id, explicit: true });
    expect(res.body.data.settings.feed.description).not.toContain('script');
    const feed = await call('GET', `/feeds/${podcast.hash_id}.xml`);
    expect(feed.body).toContain('<title>Low Tide Radio Weekly</title>');
    expect(feed.body).toContain('<itunes:author>Mara Quinn</itunes:author>');
    expect(feed.body).toContain('<itunes:email>mara@lowtide.example</itunes:email>');
    expect(feed.body).toContain('<language>en-us</language>');
    expect(feed.body).toContain('<copyright>© 2025 Mara Quinn</copyright>');
    expect(feed.body).toContain('<itunes:category text="Science"/>');
    expect(feed.body).toContain('<itunes:explicit>true</itunes:explicit><podcast:locked owner="mara@lowtide.example">yes</podcast:locked>');
    expect(feed.body).toContain('<u>up close</u>');
    // The page shows the form with the saved values.
    const html = (await page('/hosting/feed', `${owner.cookie}; current_podcast=${podcast.id}`)).html;
    expect(html).toContain('Feed settings');
    expect(html).toContain('Low Tide Radio Weekly');
  });

  it('answers 422 with the first message per field, and 404 for someone else’s podcast', async () => {
    const { hosted } = await completedShow(owner.id, 'Field Notes');
    const bad = await call('POST', `/api/podcasts/hosted/${hosted.id}/feed`, {
      token: owner.token,
      body: { title: '', owner_email: 'nope', language: 'English', category_id: 999999 },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.title[0]).toBe('The title field is required.');
    expect(bad.body.errors.owner_email[0]).toBe('Enter a valid email address.');
    expect(bad.body.errors.language[0]).toBe('Use a language code such as en or en-us.');
    const badCat = await call('POST', `/api/podcasts/hosted/${hosted.id}/feed`, { token: owner.token, body: { category_id: 999999 } });
    expect(badCat.body.errors.category_id[0]).toBe('The selected category is invalid.');
    expect((await call('POST', `/api/podcasts/hosted/${hosted.id}/feed`, { token: stranger.token, body: { title: 'Mine' } })).status).toBe(404);
  });
});

describe('[HOSTING] platforms', () => {
  it('keeps each directory’s status in settings.platforms, merged per directory', async () => {
    const { podcast, hosted } = await completedShow(owner.id, 'Canopy Talks');
    const a = await call('PATCH', `/api/podcasts/hosted/${hosted.id}`, {
      token: owner.token,
      body: { platforms: { apple: { status: 'listed', listing_url: 'https://podcasts.apple.com/us/podcast/canopy-talks/id1' } } },
    });
    expect(a.status).toBe(200);
    const b = await call('PATCH', `/api/podcasts/hosted/${hosted.id}`, { token: owner.token, body: { platforms: { spotify: { status: 'submitted' } } } });
    expect(b.body.data.settings.platforms.apple).toMatchObject({ status: 'listed', listing_url: 'https://podcasts.apple.com/us/podcast/canopy-talks/id1' });
    expect(b.body.data.settings.platforms.spotify).toMatchObject({ status: 'submitted', listing_url: null });
    const bad = await call('PATCH', `/api/podcasts/hosted/${hosted.id}`, { token: owner.token, body: { platforms: { myspace: { status: 'listed' } } } });
    expect(bad.status).toBe(422);
    const badUrl = await call('PATCH', `/api/podcasts/hosted/${hosted.id}`, {
      token: owner.token,
      body: { platforms: { apple: { status: 'listed', listing_url: 'javascript:alert(1)' } } },
    });
    expect(badUrl.status).toBe(422);
    expect(badUrl.body.errors['platforms.apple.listing_url'][0]).toBe('Enter the full address of your show’s page, starting with https://.');
    expect(
      (await call('PATCH', `/api/podcasts/hosted/${hosted.id}`, { token: stranger.token, body: { platforms: { apple: { status: 'listed' } } } })).status,
    ).toBe(404);
    const html = (await page('/hosting/platform', `${owner.cookie}; current_podcast=${podcast.id}`)).html;
    expect(html).toContain('Apple Podcasts');
    expect(html).toContain('Overcast');
    expect(html).toContain(`/feeds/${podcast.hash_id}.xml`);
  });
});

describe('[HOSTING] episodes, downloads and reports', () => {
  it('publishes an uploaded episode into the feed, edits it, and its requests become downloads by the IAB rules', async () => {
    const { podcast, hosted } = await completedShow(owner.id, 'Morning Frequencies');
    const cookie = `${owner.cookie}; current_podcast=${podcast.id}`;
    expect((await page('/hosting/reports', cookie)).html).toContain('No downloads in these days.');
    const fileId = await uploadAudio(owner.token);
    const missing = await call('POST', `/api/podcasts/hosted/${hosted.id}/episodes`, { token: owner.token, body: { title: '', published_at: 'soon' } });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.title[0]).toBe('The title field is required.');
    expect(missing.body.errors.published_at[0]).toBe('Choose a valid publish date.');
    expect(missing.body.errors.file_id[0]).toMatch(/file id field is required|Upload the episode’s audio/);
    expect(
      (
        await call('POST', `/api/podcasts/hosted/${hosted.id}/episodes`, {
          token: stranger.token,
          body: { file_id: fileId, title: 'x', published_at: '2025-03-01' },
        })
      ).status,
    ).toBe(404);
    const created = await call('POST', `/api/podcasts/hosted/${hosted.id}/episodes`, {
      token: owner.token,
      body: {
        file_id: fileId,
        title: 'Pilot: Static and Sunrise',
        description: '<p>The first one.</p>',
        published_at: '2025-03-01',
        season: 1,
        episode_number: 1,
        explicit: false,
      },
    });
    expect(created.status).toBe(201);
    const ep = created.body.data;
    expect(ep.enclosure_url).toContain(`/media/${podcast.hash_id}/`);
    const feed = await call('GET', `/feeds/${podcast.hash_id}.xml`);
    expect(feed.body).toContain('<title>Pilot: Static and Sunrise</title>');
    expect(feed.body).toContain('<itunes:season>1</itunes:season>');

    const edited = await call('PATCH', `/api/podcasts/hosted/${hosted.id}/episodes/${ep.hash_id}`, {
      token: owner.token,
      body: { title: 'Pilot: Static, Sunrise', description: '<p>Edited.</p>', published_at: '2025-03-02', season: 1, episode_number: 2, explicit: true },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ title: 'Pilot: Static, Sunrise', episode_number: 2, explicit: true });
    const badEdit = await call('PATCH', `/api/podcasts/hosted/${hosted.id}/episodes/${ep.hash_id}`, {
      token: owner.token,
      body: { title: 'x', published_at: '2025-03-02', season: 0 },
    });
    expect(badEdit.body.errors.season[0]).toBe('The season must be at least 1.');
    expect(
      (
        await call('PATCH', `/api/podcasts/hosted/${hosted.id}/episodes/${ep.hash_id}`, {
          token: stranger.token,
          body: { title: 'x', published_at: '2025-03-02' },
        })
      ).status,
    ).toBe(404);
    expect(
      (await call('PATCH', `/api/podcasts/hosted/${hosted.id}/episodes/nope`, { token: owner.token, body: { title: 'x', published_at: '2025-03-02' } })).status,
    ).toBe(404);

    // The edit and success pages; the success page tells created from edited.
    expect((await page(`/hosting/episode/${ep.hash_id}/edit`, cookie)).html).toContain('Pilot: Static, Sunrise');
    expect((await page(`/hosting/episode/${ep.hash_id}/success?created=1`, cookie)).html).toContain('Your new episode is in your feed');
    expect((await page(`/hosting/episode/${ep.hash_id}/success`, cookie)).html).toContain('Your changes are saved');
    const other = await seedPodcast(owner.id, { title: 'Elsewhere' });
    const away = await page(`/hosting/episode/${ep.hash_id}/edit`, `${owner.cookie}; current_podcast=${other.podcast.id}`);
    expect(away.html).toContain('This podcast is not hosted on Cuepoint');

    // Every audio request goes to measurement's log; the counter makes downloads of them (IAB rules).
    const { baseUrl } = await testServer();
    const path = new URL(ep.enclosure_url).pathname;
    const get = async (ua: string, headers: Record<string, string> = {}, method = 'GET') => {
      const res = await fetch(`${baseUrl}${path}`, { method, headers: { 'user-agent': ua, ...headers } });
      await res.arrayBuffer();
      return res.status;
    };
    const apple = 'AppleCoreMedia/1.0.0.21E236 (iPhone; U; CPU OS 17_4_1 like Mac OS X; en_us)';
    expect(await get(apple, {}, 'HEAD')).toBe(200);
    expect(await get(apple, { range: 'bytes=0-1' })).toBe(206);
    expect(await get(apple, { range: 'bytes=100-' })).toBe(206);
    expect(await get(apple)).toBe(200);
    expect(await get('Overcast/3.0 (+http://overcast.fm/; iOS podcast app)')).toBe(200);
    expect(await get('iTMS')).toBe(200);
    await runMeasurement();
    const report = (await page('/hosting/reports', cookie)).html;
    expect(report).toContain('Downloads by episode');
    expect(report).toMatch(/data-testid="total-downloads"[^>]*>2</);
    expect(report).toContain('Pilot: Static, Sunrise');
  });
});

describe('[HOSTING] episode lifecycle, verification by code and leaving, over HTTP', () => {
  it('names on the episode list the items of the old feed left out for want of audio (issue 36, item 1)', async () => {
    const { podcast, hosted } = await completedShow(owner.id, 'Silent Items Radio');
    const cookie = `${owner.cookie}; current_podcast=${podcast.id}`;
    expect((await page('/hosting/episodes', cookie)).html).not.toContain('episodes-not-imported');
    const report = {
      episodes: 3,
      served: 3,
      without_audio: { count: 2, titles: ['Trailer', 'Housekeeping note'] },
      files: { total: 4, copied: 4, failed: 0 },
      failed: [],
      finished_at: TEST_NOW.toISOString(),
    };
    await (await getDb())
      .update(hostedPodcasts)
      .set({ settings: { ...(hosted.settings ?? {}), migration_report: report } })
      .where(eq(hostedPodcasts.id, hosted.id));
    const html = (await page('/hosting/episodes', cookie)).html;
    expect(html).toContain('data-testid="episodes-not-imported"');
    expect(html).toContain('2 items of the old feed have no audio file, so they are not in your Cuepoint feed: “Trailer”, “Housekeeping note”.');
  });

  it('schedules, publishes, unpublishes, searches, filters and deletes episodes', async () => {
    const { podcast, hosted } = await completedShow(owner.id, 'Harbour Lights');
    const cookie = `${owner.cookie}; current_podcast=${podcast.id}`;
    const base = `/api/podcasts/hosted/${hosted.id}/episodes`;
    const create = async (title: string, published_at: string, publish = true) =>
      (await call('POST', base, { token: owner.token, body: { file_id: await uploadAudio(owner.token), title, published_at, publish, episode_type: 'bonus' } }))
        .body.data;
    // A minute either side of the test clock's now (under the 23:59:30 clock, the scheduled one is tomorrow).
    const live = await create('Fog Horns at Dawn', new Date(TEST_NOW.getTime() - 60_000).toISOString());
    const later = await create('The Lighthouse Census', new Date(TEST_NOW.getTime() + 60_000).toISOString());
    const draft = await create('Unfinished Tides', '2025-02-03T06:00:00Z', false);
    expect([live.state, later.state, draft.state]).toEqual(['published', 'scheduled', 'draft']);
    expect(live.episode_type).toBe('bonus');
    const feed = async () => (await call('GET', `/feeds/${podcast.hash_id}.xml`)).body as string;
    let xml = await feed();
    expect(xml).toContain('<title>Fog Horns at Dawn</title>');
    expect(xml).toContain('<itunes:episodeType>bonus</itunes:episodeType>');
    expect(xml).not.toContain('The Lighthouse Census');
    expect(xml).not.toContain('Unfinished Tides');

    const published = await call('POST', `${base}/${draft.hash_id}/publish`, { token: owner.token });
    expect(published.body.data.state).toBe('published');
    expect(await feed()).toContain('Unfinished Tides');
    expect((await call('POST', `${base}/${draft.hash_id}/publish`, { token: owner.token })).status).toBe(422);
    expect((await call('POST', `${base}/${live.hash_id}/unpublish`, { token: owner.token })).body.data.state).toBe('draft');
    xml = await feed();
    expect(xml).not.toContain('Fog Horns at Dawn');
    expect((await call('POST', `${base}/${live.hash_id}/publish`, { token: stranger.token })).status).toBe(404);

    const scheduled = await page('/hosting/episodes?status=scheduled', cookie);
    expect(scheduled.html).toContain('The Lighthouse Census');
    expect(scheduled.html).not.toContain('Unfinished Tides');
    const searched = await page('/hosting/episodes?q=census', cookie);
    expect(searched.html).toContain('The Lighthouse Census');
    expect(searched.html).not.toContain('Fog Horns');

    const badTranscript = await call('PATCH', `${base}/${later.hash_id}`, {
      token: owner.token,
      body: { title: 'The Lighthouse Census', published_at: '2031-05-01T06:00:00Z', transcript: { filename: 'census.vtt', content: 'not a transcript' } },
    });
    expect(badTranscript.status).toBe(422);
    expect(badTranscript.body.errors.transcript[0]).toMatch(/does not start with WEBVTT/);
    const withFiles = await call('PATCH', `${base}/${later.hash_id}`, {
      token: owner.token,
      body: {
        title: 'The Lighthouse Census',
        published_at: '2031-05-01T06:00:00Z',
        transcript: { filename: 'census.vtt', content: 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nHello.\n' },
        chapters: { filename: 'census.json', content: JSON.stringify({ version: '1.2.0', chapters: [{ startTime: 0, title: 'Intro' }] }) },
      },
    });
    expect(withFiles.status).toBe(200);
    expect(withFiles.body.data.transcript_url).toMatch(/\.vtt$/);
    expect(withFiles.body.data.chapters_url).toMatch(/\.json$/);

    expect((await call('DELETE', `${base}/${later.hash_id}`, { token: stranger.token })).status).toBe(404);
    expect((await call('DELETE', `${base}/${later.hash_id}`, { token: owner.token })).status).toBe(204);
    expect((await call('PATCH', `${base}/${later.hash_id}`, { token: owner.token, body: { title: 'x', published_at: '2025-01-01' } })).status).toBe(404);
    const { baseUrl } = await testServer();
    expect((await fetch(`${baseUrl}${new URL(withFiles.body.data.enclosure_url).pathname}`)).status).toBe(404);
  });

  it('gives a verification code, answers 422 until the feed carries it, and refuses a move to an address that is no feed', async () => {
    const { podcast } = await seedPodcast(owner.id, { hosted: true, title: 'Unverified Waves', verified: false, url: 'http://127.0.0.1:9/feed.xml' });
    const code = await call('POST', `/api/podcasts/${podcast.id}/verification`, { token: owner.token, body: { method: 'txt' } });
    expect(code.status).toBe(200);
    expect(code.body.data).toMatchObject({ method: 'txt' });
    expect(code.body.data.token).toMatch(/^cuepoint-verify-/);
    const check = await call('POST', `/api/podcasts/${podcast.id}/verification/check`, { token: owner.token });
    expect(check.status).toBe(422);
    expect(check.body.message).toMatch(/^We could not read your RSS feed: /);
    expect(check.body.errors).toHaveProperty('url');
    expect((await call('POST', `/api/podcasts/${podcast.id}/verification/check`, { token: stranger.token })).status).toBe(404);

    const { hosted } = await completedShow(owner.id, 'Leaving Soon');
    const bad = await call('PATCH', `/api/podcasts/hosted/${hosted.id}`, { token: owner.token, body: { moved_to: 'not a url' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.moved_to[0]).toBe('Enter the full address of your new feed, starting with https://.');

    // A file still on the old host: leaving is refused with a 422 that names it (the form shows the message).
    const lost = 'https://old-host.example/audio/lost-episode.mp3';
    await (await getDb()).insert(migrationFiles).values({ hosted_podcast_id: hosted.id, kind: 'audio', source_url: lost, status: 'failed', attempts: 3 });
    const refused = await call('PATCH', `/api/podcasts/hosted/${hosted.id}`, { token: owner.token, body: { moved_to: 'https://new-host.example/feed.xml' } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.moved_to[0]).toBe(
      `You cannot leave yet: 1 file is still on your old host (audio ${lost}). Resync the migration first, or confirm that you leave anyway.`,
    );
    expect(refused.body.left_behind).toEqual({ files: [{ kind: 'audio', url: lost }], onboarding_unfinished: false });
  });
});
