import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, page } from '../support/http';
import { seedPodcast, seedUser, type SeededUser } from '../support/builders';
import { testServer } from '../support/test-server';
import { getDb } from '../../src/lib/server/db/client';
import { categories, episodes, hostedPodcasts } from '../../src/lib/server/db/schema';

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
    expect(feed.body).toContain('<channel>\n<title>');
    expect(feed.body).toMatch(/<itunes:explicit>true<\/itunes:explicit>\n<podcast:locked/);
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
  it('publishes an uploaded episode into the feed, edits it, counts downloads from the first byte', async () => {
    const { podcast, hosted } = await completedShow(owner.id, 'Morning Frequencies');
    const cookie = `${owner.cookie}; current_podcast=${podcast.id}`;
    expect((await page('/hosting/reports', cookie)).html).toContain('No episodes yet.');
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

    const { baseUrl } = await testServer();
    const path = new URL(ep.enclosure_url).pathname;
    expect((await fetch(`${baseUrl}${path}`, { method: 'HEAD' })).status).toBe(200);
    expect((await fetch(`${baseUrl}${path}`, { headers: { range: 'bytes=100-' } })).status).toBe(206);
    const full = await fetch(`${baseUrl}${path}`);
    expect(full.status).toBe(200);
    await full.arrayBuffer();
    const first = await fetch(`${baseUrl}${path}`, { headers: { range: 'bytes=0-1' } });
    expect(first.status).toBe(206);
    await first.arrayBuffer();
    const [row] = await (await getDb()).select().from(episodes).where(eq(episodes.hash_id, ep.hash_id));
    expect(row!.downloads).toBe(2);
    const report = (await page('/hosting/reports', cookie)).html;
    expect(report).toContain('Downloads by episode');
    expect(report).toMatch(/data-testid="total-downloads"[^>]*>2</);
  });
});
