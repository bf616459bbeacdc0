/**
 * One number per figure (issue 33): each figure is one function (analytics/campaign-figures.ts,
 * payments/campaign-spent.ts, campaigns/job-counts.ts, proposal-total.ts' hired, payments/ad-billing.ts)
 * and every screen and API shows what it answers. These tests build a campaign with a measured ad, a
 * self-reported ad and an ad not aired yet, then read the figures from the definition, the API and the
 * rendered pages and compare them.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../src/lib/server/db/client';
import { adDeliveries, adLines, episodes, packageJobs, podcastManualStats, transactions } from '../../src/lib/server/db/schema';
import { campaignFigures } from '../../src/lib/server/measurement/analytics/campaign-figures';
import { campaignCharts } from '../../src/lib/server/measurement/analytics/campaign-charts';
import { runMeasurement } from '../../src/lib/server/measurement/analytics/jobs';
import { campaignSpent } from '../../src/lib/server/payments/campaign-spent';
import { jobCounts } from '../../src/lib/server/campaigns/job-counts';
import { billImpressions } from '../../src/lib/server/ads/impressions';
import { appendTransaction } from '../../src/lib/server/payments/ledger';
import { formatMoney } from '../../src/lib/format/money';
import { seedPodcast, seedUser, type SeededUser } from '../support/builders';
import { seedCampaign, seedProposal } from '../support/campaign-builders';
import { saveCard, seedHire } from '../support/payment-builders';
import { call, page } from '../support/http';
import { PLAYERS, play, trustForwardedFor } from '../support/listening';
import { TEST_NOW } from '../support/clock';

trustForwardedFor();

/** A show with one published episode whose audio is on cdn.example.com. */
async function showWithEpisode(podcaster: SeededUser, title: string) {
  const { podcast } = await seedPodcast(podcaster.id, { title });
  const [episode] = await (await getDb())
    .insert(episodes)
    .values({
      hash_id: `fig-${podcast.hash_id}`,
      podcast_id: podcast.id,
      guid: `fig-${podcast.hash_id}`,
      title: `${title}: pilot`,
      enclosure_url: `https://cdn.example.com/${podcast.hash_id}/pilot.mp3`,
      enclosure_length: 9_600_000,
      duration: 600,
      published_at: new Date(TEST_NOW.getTime() - 2 * 86_400_000),
    })
    .returning();
  return { podcast, episode: episode!, audio: `/e/${podcast.hash_id}/cdn.example.com/${podcast.hash_id}/pilot.mp3` };
}

/** The text of the element with this test id in a page's HTML. */
const byTestId = (html: string, id: string) => new RegExp(`data-testid="${id}"[^>]*>([^<]*)<`).exec(html)?.[1] ?? null;

describe('[FIGURES] one number per figure', () => {
  it('listens, spent, committed and CPM: the definition, the API, /campaigns, the stats page, its charts, payments and receipts agree', async () => {
    const brand = await seedUser({ type: 'BRAND' });
    const measuredHost = await seedUser({ type: 'PODCASTER' });
    const selfHost = await seedUser({ type: 'PODCASTER' });
    const measured = await showWithEpisode(measuredHost, 'Figures Measured');
    const self = await showWithEpisode(selfHost, 'Figures Self Reported');
    const { campaign } = await seedCampaign(brand.id, { title: 'Figures Roast' });
    const db = await getDb();
    await db.insert(podcastManualStats).values({ podcast_id: self.podcast.id, listens: 3250, status: 'verified', verified_at: TEST_NOW });

    // Two ads of the measured show (one airs, one does not yet) and one of the self-reported show, hired and funded.
    const a = await seedProposal(campaign.id, measured.podcast.id, [{ fee: 45_000 }, { fee: 30_000 }]);
    const b = await seedProposal(campaign.id, self.podcast.id, [{ fee: 20_000 }]);
    const hired = await call('POST', '/api/brand/hirings', { token: brand.token, body: { job_ids: [...a.jobs, ...b.jobs].map((j) => j.id) } });
    expect(hired.status, JSON.stringify(hired.body)).toBe(201);
    const card = await saveCard(brand);
    const funded = await call('POST', '/api/hirings/fund', {
      token: brand.token,
      body: { hiring_ids: hired.body.data.map((h: { id: number }) => h.id), card_id: card.id },
    });
    expect(funded.status, JSON.stringify(funded.body)).toBe(200);
    await db
      .update(packageJobs)
      .set({ aired_episode_id: measured.episode.id, aired_at: measured.episode.published_at })
      .where(eq(packageJobs.id, a.jobs[0]!.id));
    await db.update(packageJobs).set({ aired_episode_id: self.episode.id, aired_at: self.episode.published_at }).where(eq(packageJobs.id, b.jobs[0]!.id));

    // Two apps download the aired episode; requests for addresses the feed does not name add nothing.
    expect((await play(measured.audio)).status).toBe(302);
    expect((await play(measured.audio, PLAYERS.overcast)).status).toBe(302);
    expect((await play(`/e/${measured.podcast.hash_id}/cdn.example.com/${measured.podcast.hash_id}/not-an-episode.mp3`, PLAYERS.apple, '8.8.8.8')).status).toBe(
      302,
    );
    await runMeasurement();

    const truth = await campaignFigures(campaign.id);
    expect(truth).toMatchObject({
      listens_measured: 2,
      listens_self_reported: 3250,
      listens: 3252,
      spent: 95_000,
      committed: 30_000,
      // Only the aired ad with measured listens: $450 over 2 listens.
      aired_spent: 45_000,
      aired_listens: 2,
      cpm: 22_500_000,
    });
    expect(truth.spent).toBe(await campaignSpent(campaign.id));

    // The API: one campaign and the list.
    const fields = [
      'listens',
      'listens_measured',
      'listens_self_reported',
      'spent',
      'spent_amount',
      'committed',
      'cpm',
      'aired_spent',
      'aired_listens',
    ] as const;
    const expected = { ...truth, spent_amount: truth.spent };
    const one = (await call('GET', `/api/campaigns/${campaign.id}`, { token: brand.token })).body.data;
    const listed = (await call('GET', '/api/campaigns', { token: brand.token })).body.data.find((c: { id: number }) => c.id === campaign.id);
    for (const f of fields) {
      expect(one[f], f).toBe(expected[f]);
      expect(listed[f], f).toBe(expected[f]);
    }

    // /campaigns: spent and listens, measured and self-reported apart.
    const list = (await page('/campaigns', brand.cookie)).html;
    const card1 = list.slice(list.indexOf('Figures Roast'));
    expect(byTestId(card1, 'campaign-spent')).toBe(`${formatMoney(truth.spent)} / ${formatMoney(500_000)}`);
    expect(byTestId(card1, 'campaign-listens')).toBe('2 measured');
    expect(byTestId(card1, 'campaign-listens-self-reported')).toBe('3,250 self-reported');

    // The stats page: the cards, the hired podcasts' table and the charts.
    const stats = (await page(`/campaign/${campaign.id}/stats`, brand.cookie)).html;
    expect(byTestId(stats, 'stat-spent')).toBe(formatMoney(truth.spent));
    expect(byTestId(stats, 'stat-committed')).toBe(`${formatMoney(truth.committed)} committed to ads not aired yet`);
    expect(byTestId(stats, 'stat-listens-measured')).toBe('2');
    expect(byTestId(stats, 'stat-listens-self-reported')).toBe('3,250');
    expect(byTestId(stats, 'stat-cpm')).toBe(formatMoney(truth.cpm));
    expect(stats).toMatch(/data-label="Measured listens" class="num">2</);
    expect(stats).toMatch(/data-label="Self-reported listens" class="num">3,250</);
    const charts = await campaignCharts(campaign.id);
    expect(charts.listens.reduce((s, n) => s + n, 0) + charts.listens_before).toBe(truth.listens_measured);
    expect(charts.distributors.reduce((s, n) => s + n.downloads, 0)).toBe(truth.listens_measured);
    expect(charts.creators.reduce((s, c) => s + c.measured, 0)).toBe(truth.listens_measured);
    expect(charts.creators.reduce((s, c) => s + c.self_reported, 0)).toBe(truth.listens_self_reported);

    // Payments: what each row paid for, the campaign's spend, and the receipt's.
    const payments = (await page('/settings/payments', brand.cookie)).html;
    expect(payments).toMatch(new RegExp(`data-campaign-spent="${campaign.id}">${formatMoney(truth.spent).replace('$', '\\$')}<`));
    expect(payments).toContain('Hires · Figures Measured, Figures Self Reported');
    const code = funded.body.data.transaction.code as string;
    const receipt = (await page(`/settings/payments/receipts/${code}`, brand.cookie)).html;
    expect(byTestId(receipt, 'receipt-paid-for')).toBe('Hires · Figures Measured, Figures Self Reported');
    expect(receipt).toMatch(new RegExp(`data-campaign-spent="${campaign.id}">${formatMoney(truth.spent).replace('$', '\\$')}<`));
  });

  it('job counts: a multi-episode parent never counts, on the top bar, the campaign cards and /api/brand/stats', async () => {
    const hire = await seedHire({ fees: [30_000], series: { fee: 10_000, episodes: 2 }, title: 'Figures Series' });
    const card = await saveCard(hire.brand);
    const funded = await call('POST', '/api/hirings/fund', { token: hire.brand.token, body: { hiring_ids: [hire.hiring.id], card_id: card.id } });
    expect(funded.status, JSON.stringify(funded.body)).toBe(200);
    const counts = (await jobCounts([hire.campaign.id])).get(hire.campaign.id)!;
    // The single item and the two episodes of the series are in progress; the series' parent is not a job.
    expect(counts.in_progress).toBe(3);
    const stats = (await call('GET', '/api/brand/stats', { token: hire.brand.token })).body.data;
    expect(stats.jobs_in_progress.job_count).toBe(counts.in_progress);
    const payload = (await call('GET', `/api/campaigns/${hire.campaign.id}`, { token: hire.brand.token })).body.data;
    expect(payload.counts).toEqual(counts);
    const html = (await page('/campaigns', hire.brand.cookie)).html;
    expect(html).toMatch(new RegExp(`brand-stats__count">${counts.in_progress}</span><span class="brand-stats__label">In Progress`));
    expect(html).toMatch(new RegExp(`In progress</span><strong>${counts.in_progress}<`));
    expect((await page(`/campaign/${hire.campaign.id}/stats`, hire.brand.cookie)).html).toMatch(/data-testid="stat-jobs"[^>]*>3</);
  });

  it('hired: the podcaster dashboard counts hires, not proposals', async () => {
    const brand = await seedUser({ type: 'BRAND' });
    const podcaster = await seedUser({ type: 'PODCASTER' });
    const { podcast } = await seedPodcast(podcaster.id, { title: 'Figures Hired Show' });
    const { campaign } = await seedCampaign(brand.id, { title: 'Figures Hired' });
    const { jobs } = await seedProposal(campaign.id, podcast.id, [{ fee: 30_000 }, { fee: 20_000 }]);
    // The brand hires one of the two items: the hire is worth $300 of the $500 proposed.
    expect((await call('POST', '/api/brand/hirings', { token: brand.token, body: { job_ids: [jobs[0]!.id] } })).status).toBe(201);
    const html = (await page('/dashboard', podcaster.cookie)).html;
    expect(html).toMatch(/data-testid="dashboard-hired"[^>]*>.*?<strong>\$300<\/strong><span[^>]*>1 hire</s);
    expect(html).toContain('<strong>$300</strong><span class="cp-muted cp-small">of $500 proposed</span>');
    expect(html).not.toMatch(/Hired<\/span><strong>\$500/);
  });

  it('automated billing carries the fraction of a cent: 6 impressions at a $25 CPM over three shows bill 15 ¢', async () => {
    const brand = await seedUser({ type: 'BRAND' });
    const { campaign } = await seedCampaign(brand.id, { title: 'Figures Automated' });
    const db = await getDb();
    const shows = await Promise.all([1, 2, 3].map(async (n) => showWithEpisode(await seedUser({ type: 'PODCASTER' }), `Figures Automated Show ${n}`)));
    const [line] = await db
      .insert(adLines)
      .values({
        campaign_id: campaign.id,
        brand_user_id: brand.id,
        title: 'Figures jingle',
        cpm: 2500,
        budget: 10_000,
        starts_on: '2026-01-01',
        ends_on: '2099-01-01',
      })
      .returning();
    await db.transaction((tx) =>
      appendTransaction(tx, {
        kind: 'charge',
        user_id: brand.id,
        fee: 10_000,
        service_fee: 0,
        status: 'succeeded',
        source: 'Visa •••• 4242',
        reference_type: 'ad_line',
        reference_id: line!.id,
        campaign_id: campaign.id,
        meta: { ad_line_id: line!.id },
      }),
    );
    const impressions = async (show: (typeof shows)[number], n: number, tag: string) =>
      db.insert(adDeliveries).values(
        Array.from({ length: n }, (_, i) => ({
          day: '2026-06-01',
          listener_hash: `fig-${tag}-${i}`,
          episode_id: show.episode.id,
          podcast_id: show.podcast.id,
          line_id: line!.id,
          slot: 'pre-0',
          impression_at: new Date(),
        })),
      );
    // 1, 2 and 3 impressions: per show the fractions would be dropped (2 + 5 + 7 = 14 ¢).
    await impressions(shows[0]!, 1, 'a');
    await impressions(shows[1]!, 2, 'b');
    await impressions(shows[2]!, 3, 'c');
    await billImpressions();
    const billed = async () =>
      (
        await db
          .select({ fee: transactions.fee })
          .from(transactions)
          .where(and(eq(transactions.kind, 'ad_spend'), eq(transactions.reference_type, 'ad_line'), eq(transactions.reference_id, line!.id)))
      ).reduce((s, r) => s + r.fee, 0);
    expect(await billed()).toBe(15);
    // One more impression, on the first show: 7 × 2.5 = 17.5, so 17 in all.
    await impressions(shows[0]!, 1, 'd');
    await billImpressions();
    expect(await billed()).toBe(17);
    expect(await billImpressions()).toBe(0);
    const rows = await db
      .select()
      .from(adDeliveries)
      .where(inArray(adDeliveries.line_id, [line!.id]));
    expect(rows.every((r) => r.billed)).toBe(true);
    expect((await campaignFigures(campaign.id)).spent).toBe(17);
  });
});
