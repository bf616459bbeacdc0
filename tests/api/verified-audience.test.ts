/**
 * Verified audiences before hiring (issue 37, item 3): a measured show's downloads are counted through
 * the product's own path (the measurement prefix and the counter), then the figures on the brand's
 * proposal cards — the card API and the rendered feed —, the podcast page and the sponsorship card are compared with the analytics API's for the
 * same show and period; a self-reported show shows its own figure, marked as such; the feed sorts and
 * filters by the verified figures.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../src/lib/server/db/client';
import { episodes, podcasts } from '../../src/lib/server/db/schema';
import { runMeasurement } from '../../src/lib/server/measurement/analytics/jobs';
import { seedPodcast, seedUser, type SeededUser } from '../support/builders';
import { seedCampaign, seedProposal } from '../support/campaign-builders';
import { call, page } from '../support/http';
import { PLAYERS, play, trustForwardedFor } from '../support/listening';
import { TEST_NOW } from '../support/clock';

trustForwardedFor();

/** A show with published episodes (days before TEST_NOW) whose audio is on cdn.example.com, measured through the prefix. */
async function showWithEpisodes(podcaster: SeededUser, title: string, daysAgo: number[]) {
  const { podcast } = await seedPodcast(podcaster.id, { title });
  const db = await getDb();
  const eps = await db
    .insert(episodes)
    .values(
      daysAgo.map((d, i) => ({
        hash_id: `va-${podcast.hash_id}-${i}`,
        podcast_id: podcast.id,
        guid: `va-${podcast.hash_id}-${i}`,
        title: `${title}: episode ${i + 1}`,
        enclosure_url: `https://cdn.example.com/${podcast.hash_id}/e${i}.mp3`,
        enclosure_length: 9_600_000,
        duration: 600,
        published_at: new Date(TEST_NOW.getTime() - d * 86_400_000),
      })),
    )
    .returning();
  return { podcast, audio: eps.map((_, i) => `/e/${podcast.hash_id}/cdn.example.com/${podcast.hash_id}/e${i}.mp3`) };
}

const day = (offset: number) => new Date(TEST_NOW.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
const median = (ns: number[]) => {
  const s = [...ns].sort((a, b) => a - b);
  const m = s.length / 2;
  return s.length % 2 ? s[Math.floor(m)]! : Math.round((s[m - 1]! + s[m]!) / 2);
};
/** The data-value of each data-figure inside the card of one podcast in the rendered feed. */
function figuresInHtml(html: string, podcastId: number): Record<string, string> {
  const start = html.indexOf(`data-podcast-id="${podcastId}"`);
  expect(start).toBeGreaterThan(-1);
  const next = html.indexOf('data-podcast-id="', start + 1);
  const card = html.slice(start, next > 0 ? next : undefined);
  const out: Record<string, string> = {};
  for (const m of card.matchAll(/data-figure="([a-z_]+)" data-value="([^"]*)"/g)) out[m[1]!] ??= m[2]!;
  return out;
}

describe('[VERIFIED] verified audiences on the proposal cards', () => {
  it('the cards (API and page) show the analytics API figures of a measured show; a self-reported show is marked; sort and filter use them', async () => {
    const brand = await seedUser({ type: 'BRAND' });
    const host = await seedUser({ type: 'PODCASTER' });
    const selfHost = await seedUser({ type: 'PODCASTER' });
    const measured = await showWithEpisodes(host, 'Verified Valley', [3, 8, 20]);
    const self = await showWithEpisodes(selfHost, 'Self Told Tales', [4]);
    const db = await getDb();
    await db.update(podcasts).set({ avatar_url: 'https://cdn.example.com/art/verified-valley.jpg' }).where(eq(podcasts.id, measured.podcast.id));
    await db.update(podcasts).set({ avg_listens: 4200 }).where(eq(podcasts.id, self.podcast.id));

    // Downloads of the measured show's three episodes: 3, 1 and 2, from apps and countries of their own.
    const plays: Array<[string, string, string]> = [
      [measured.audio[0]!, PLAYERS.apple, '81.2.69.142'],
      [measured.audio[0]!, PLAYERS.overcast, '81.2.69.142'],
      [measured.audio[0]!, PLAYERS.spotify, '8.8.8.8'],
      [measured.audio[1]!, PLAYERS.apple, '8.8.8.8'],
      [measured.audio[2]!, PLAYERS.apple, '1.1.1.1'],
      [measured.audio[2]!, PLAYERS.spotify, '81.2.69.142'],
    ];
    for (const [path, ua, ip] of plays) expect((await play(path, ua, ip)).status).toBe(302);
    await runMeasurement();

    const { campaign } = await seedCampaign(brand.id, { title: 'Verified Roast' });
    await seedProposal(campaign.id, measured.podcast.id, [{ fee: 30_000 }, { fee: 20_000 }]);
    await seedProposal(campaign.id, self.podcast.id, [{ fee: 10_000 }]);

    // The analytics API (the podcaster's) for the same 90 days.
    const analytics = await call('GET', `/api/podcasts/${measured.podcast.id}/analytics?from=${day(-89)}&to=${day(0)}`, { token: host.token });
    expect(analytics.status).toBe(200);
    const report = analytics.body.data.downloads as {
      total: number;
      listeners: number;
      by_episode: Array<{ downloads: number }>;
      by_country: Array<{ name: string; downloads: number }>;
      by_app: Array<{ name: string; downloads: number }>;
    };
    expect(report.total).toBe(6);
    // Every episode is younger than 30 days, so its downloads of the period are its first-30-day downloads.
    const truth = {
      median_downloads: median(report.by_episode.map((e) => e.downloads)),
      listeners: report.listeners,
      top_countries: report.by_country.slice(0, 3),
      top_apps: report.by_app.slice(0, 3),
    };
    expect(report.by_episode).toHaveLength(3);

    // The card API.
    const feed = await call('GET', `/api/campaigns/${campaign.id}/packages`, { token: brand.token });
    expect(feed.status).toBe(200);
    const card = feed.body.data.find((p: { podcast_id: number }) => p.podcast_id === measured.podcast.id);
    expect(card.podcast.audience).toMatchObject({ measured: true, downloads: report.total, ...truth });
    expect(card.podcast.avatar_url).toBe('https://cdn.example.com/art/verified-valley.jpg');
    // The price guide: $500 over two spots of the verified median, per thousand.
    expect(card.price_guide.spots).toBe(2);
    expect(card.price_guide.per_thousand).toBe(Math.round((50_000 * 1000) / (truth.median_downloads * 2)));
    const selfCard = feed.body.data.find((p: { podcast_id: number }) => p.podcast_id === self.podcast.id);
    expect(selfCard.podcast.audience.measured).toBe(false);
    expect(selfCard.price_guide.per_thousand).toBeNull();

    // The rendered feed shows the same figures, the label and the artwork.
    const { html } = await page(`/campaign/${campaign.id}/new`, brand.cookie);
    const shown = figuresInHtml(html, measured.podcast.id);
    expect(Number(shown.median_downloads)).toBe(truth.median_downloads);
    expect(Number(shown.listeners)).toBe(truth.listeners);
    expect(shown.top_countries).toBe(truth.top_countries.map((c) => `${c.name}:${c.downloads}`).join(','));
    expect(shown.top_apps).toBe(truth.top_apps.map((c) => `${c.name}:${c.downloads}`).join(','));
    expect(Number(shown.price_per_thousand)).toBe(card.price_guide.per_thousand);
    expect(html).toContain('Measured by Cuepoint (IAB v2.2)');
    expect(html).toContain('src="https://cdn.example.com/art/verified-valley.jpg"');
    const selfShown = figuresInHtml(html, self.podcast.id);
    expect(selfShown.self_reported).toBe('4200');
    expect(html).toContain('Self-reported');

    // The public podcast page and the podcaster's sponsorship card show the same figures.
    for (const path of [`/podcast/${measured.podcast.hash_id}`, `/sponsorships/${campaign.id}`]) {
      const other = await page(path, path.startsWith('/podcast') ? brand.cookie : host.cookie);
      expect(other.status, path).toBe(200);
      const figures = figuresInHtml(other.html, measured.podcast.id);
      expect(Number(figures.median_downloads), path).toBe(truth.median_downloads);
      expect(Number(figures.listeners), path).toBe(truth.listeners);
      expect(figures.top_countries, path).toBe(shown.top_countries);
      expect(figures.top_apps, path).toBe(shown.top_apps);
    }

    // Filter: measured shows only; sort by verified downloads; the pages' links keep the choice.
    const only = await call('GET', `/api/campaigns/${campaign.id}/packages?measured=1&sort=price`, { token: brand.token });
    expect(only.body.data.map((p: { podcast_id: number }) => p.podcast_id)).toEqual([measured.podcast.id]);
    const byDownloads = await call('GET', `/api/campaigns/${campaign.id}/packages?sort=downloads`, { token: brand.token });
    expect(byDownloads.body.data.map((p: { podcast_id: number }) => p.podcast_id)).toEqual([measured.podcast.id, self.podcast.id]);
    const sorted = await page(`/campaign/${campaign.id}/new?sort=downloads&measured=1`, brand.cookie);
    expect(sorted.html).toMatch(/<option value="downloads" selected/);
    expect(sorted.html).not.toContain('Self Told Tales');
  });
});
