/**
 * Consistency (issue 33 §5): after a whole journey through the product, every figure a screen shows
 * equals its source of truth. A brand funds two hires with a coupon; one ad airs in a linked episode
 * and its fee is released; another hire is cancelled and refunded; an automated line is funded and
 * billed for impressions; the podcaster is paid part of the balance. Then:
 * - every money figure read from the rendered HTML (/campaigns, the campaign's stats, /settings/payments,
 *   the receipts, the podcaster's dashboard and earnings, /admin) equals the ledger (`transactions`, summed
 *   here, not through the screens' code);
 * - every listens figure equals the counter's (`GET /api/podcasts/{id}/analytics`);
 * - the provider's records (the embedded provider's books) equal the ledger, and the reconciliation
 *   (`npm run reconcile`'s code path) finds no difference for them.
 * The pages are parsed with htmlparser2 (a dev dependency; sanitize-html already brings the same version).
 */
import { and, eq, inArray, or } from 'drizzle-orm';
import { DomUtils, parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../src/lib/server/db/client';
import { adDeliveries, podcasters, transactions, users } from '../../src/lib/server/db/schema';
import { runMeasurement } from '../../src/lib/server/measurement/analytics/jobs';
import { settleAds, sharePercent } from '../../src/lib/server/ads/impressions';
import { adSpendByMonth, releaseAdShare, shareReleaseDate } from '../../src/lib/server/payments/ad-billing';
import { reconcilePayments } from '../../src/lib/server/payments/reconcile';
import { paymentProvider } from '../../src/lib/server/payments/provider';
import { DEFAULT_SERVICE_FEE_PERCENT } from '../../src/lib/constants';
import { runFfmpeg } from '../../src/lib/server/ads/ffmpeg';
import { seedPodcast, seedUser, type SeededUser } from '../support/builders';
import { seedCampaign, seedProposal } from '../support/campaign-builders';
import { saveCard } from '../support/payment-builders';
import { call, page } from '../support/http';
import { TEST_NOW } from '../support/clock';
import { testServer } from '../support/test-server';
import { airAd } from '../support/air-ad';
import { eventually } from '../support/eventually';

const APPS = [
  'AppleCoreMedia/1.0.0.21E236 (iPhone; U; CPU OS 17_4_1 like Mac OS X; en_us)',
  'Overcast/3.0 (+http://overcast.fm/; iOS podcast app)',
  'Spotify/8.9.10 Android/34 (Pixel 8)',
];
const DAY = 86_400_000;
const day = (offset: number) => new Date(TEST_NOW.getTime() + offset * DAY).toISOString().slice(0, 10);

// ---- Reading the rendered HTML -------------------------------------------------------------------

type Doc = ReturnType<typeof parseDocument>;
type ChildNode = Doc['children'][number];
type Element = ReturnType<typeof DomUtils.findAll>[number];
const doc = (html: string) => parseDocument(html);
const text = (n: ChildNode | ChildNode[]) => DomUtils.textContent(n).replace(/\s+/g, ' ').trim();
const attr = (e: Element, name: string) => DomUtils.getAttributeValue(e, name);
const all = (root: Doc | Element, test: (e: Element) => boolean) => DomUtils.findAll(test, root.children);
const one = (root: Doc | Element, test: (e: Element) => boolean) => {
  const found = DomUtils.findOne(test, root.children, true);
  if (!found) throw new Error('element not found in the page');
  return found;
};
const byTestId = (id: string) => (e: Element) => attr(e, 'data-testid') === id;
const byAttr = (name: string, value: string) => (e: Element) => attr(e, name) === value;

/** Cents of a money text as the screens write it ("$1,234.50", "−$225", "$0.15"); null when there is none. */
function cents(s: string): number | null {
  const m = /([−-])?\$([\d,]+)(?:\.(\d{2}))?/.exec(s);
  if (!m) return null;
  const value = Number(m[2]!.replace(/,/g, '')) * 100 + Number(m[3] ?? 0);
  return m[1] ? -value : value;
}
const centsOf = (e: Element) => cents(text(e));
/** A count as the screens write it ("1,234"). */
const count = (s: string) => Number(s.replace(/[^\d]/g, ''));

/** The rows of a transactions table (TransactionTable.astro): each code and the amount shown. */
function transactionRows(d: Doc): Map<string, number> {
  const rows = new Map<string, number>();
  for (const tr of all(d, (e) => e.name === 'tr')) {
    const code = DomUtils.findOne((e) => e.name === 'code', tr.children, true);
    const amount = DomUtils.findOne(byAttr('data-label', 'Amount'), tr.children, true);
    if (code && amount) rows.set(text(code), centsOf(amount)!);
  }
  return rows;
}

// ---- The journey's actors ----------------------------------------------------------------------

async function spotFile(brand: SeededUser): Promise<number> {
  const { baseUrl, dataDir } = await testServer();
  const path = `${dataDir}/consistency-spot.mp3`;
  await runFfmpeg(['-y', '-f', 'lavfi', '-i', 'aevalsrc=0.4*sin(2*PI*440*t):s=22050:d=5', '-c:a', 'libmp3lame', '-b:a', '32k', path]);
  const { readFile } = await import('node:fs/promises');
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await readFile(path))]), 'spot.mp3');
  const res = await fetch(`${baseUrl}/api/files`, {
    method: 'POST',
    body: form,
    headers: { accept: 'application/json', authorization: `Bearer ${brand.token}` },
  });
  const body = (await res.json()) as { data: { id: number } };
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body.data.id;
}

/** The ad of a job aired (../support/air-ad.ts) and the job released (completed). */
async function airAndRelease(podcaster: SeededUser, brand: SeededUser, jobId: number, hash: string) {
  const { episode, status } = await airAd(podcaster, brand, jobId, {
    hash_id: `consistency-${jobId}`,
    title: 'The roast episode',
    enclosure_url: `https://cdn.example.com/${hash}/roast.mp3`,
    enclosure_length: 9_600_000,
    duration: 600,
  });
  expect(await eventually(status, (s) => s === 'completed')).toBe('completed');
  return { episode, audio: `/e/${hash}/cdn.example.com/${hash}/roast.mp3` };
}

describe('[CONSISTENCY] every screen shows the ledger, the counter and the provider', () => {
  it('after funding with a coupon, an ad aired and released, a hire refunded, an automated line billed and a payout', async () => {
    const { baseUrl } = await testServer();
    const db = await getDb();
    const admin = await seedUser({ type: 'ADMIN' });
    const brand = await seedUser({ type: 'BRAND' });
    const hostA = await seedUser({ type: 'PODCASTER' });
    const hostB = await seedUser({ type: 'PODCASTER' });
    const { podcast: showA } = await seedPodcast(hostA.id, { title: 'Consistency Roasters' });
    const { podcast: showB } = await seedPodcast(hostB.id, { title: 'Consistency Runners' });
    const { campaign } = await seedCampaign(brand.id, { title: 'Consistency Roast' });

    // Two hires: show A's two ads ($400 that will air, $150 that will not yet), show B's $250 ad (cancelled later).
    const a = await seedProposal(campaign.id, showA.id, [{ fee: 40_000 }, { fee: 15_000 }]);
    const b = await seedProposal(campaign.id, showB.id, [{ fee: 25_000 }]);
    const [aired, waiting] = a.jobs.map((j) => j.id) as [number, number];
    const cancelled = b.jobs[0]!.id;
    const hired = await call('POST', '/api/brand/hirings', { token: brand.token, body: { job_ids: [aired, waiting, cancelled] } });
    expect(hired.status, JSON.stringify(hired.body)).toBe(201);
    const hiringIds = (hired.body.data as { id: number }[]).map((h) => h.id);

    // Funded with a 10 % coupon, in one payment.
    const code = `CONS${Date.now().toString(36)}`.toUpperCase();
    expect((await call('POST', '/api/admin/coupons', { token: admin.token, body: { code, percent_off: 10 } })).status).toBe(201);
    const card = await saveCard(brand);
    const funded = await call('POST', '/api/hirings/fund', { token: brand.token, body: { hiring_ids: hiringIds, card_id: card.id, coupon: code } });
    expect(funded.status, JSON.stringify(funded.body)).toBe(200);

    // The $400 ad airs and is released; listeners download its episode through the prefix.
    const { episode, audio } = await airAndRelease(hostA, brand, aired, showA.hash_id);
    for (const [i, ua] of APPS.entries()) {
      const res = await fetch(`${baseUrl}${audio}`, { headers: { 'user-agent': ua, 'x-forwarded-for': `81.2.69.${140 + i}` }, redirect: 'manual' });
      await res.arrayBuffer();
      expect(res.status).toBe(302);
    }
    await runMeasurement();

    // Show B's hire is cancelled: its job is refunded.
    expect((await call('POST', `/api/brand/jobs/${cancelled}/cancel`, { token: brand.token })).status).toBe(200);
    const brandRefunds = async () =>
      db
        .select()
        .from(transactions)
        .where(and(eq(transactions.user_id, brand.id), eq(transactions.kind, 'refund')));
    expect(await eventually(brandRefunds, (r) => r.length === 1)).toHaveLength(1);

    // An automated line funded from the card, with impressions on show A's episode billed at its CPM.
    const line = await call('POST', `/api/brand/campaigns/${campaign.id}/ad-lines`, {
      token: brand.token,
      body: {
        title: 'Consistency jingle',
        spot_file_id: await spotFile(brand),
        cpm: 2_500,
        budget: 10_000,
        starts_on: day(-1),
        ends_on: day(30),
        frequency_cap: 2,
        positions: ['pre'],
        card_id: card.id,
      },
    });
    expect(line.status, JSON.stringify(line.body)).toBe(201);
    const lineId = line.body.data.id as number;
    // Paused at once: its impressions are recorded below, and it must not fill the downloads of other tests' shows (one database).
    const paused = await call('PATCH', `/api/brand/ad-lines/${lineId}`, { token: brand.token, body: { status: 'paused' } });
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    await db.insert(adDeliveries).values(
      Array.from({ length: 7 }, (_, i) => ({
        day: day(0),
        listener_hash: `consistency-${lineId}-${i}`,
        episode_id: episode.id,
        podcast_id: showA.id,
        line_id: lineId,
        slot: 'pre-0',
        impression_at: new Date(),
      })),
    );
    await settleAds();
    // The month's share of the show (70 %) is released to its podcaster once the 45-day window has passed; only this show's, here.
    for (const month of (await adSpendByMonth(db, showA.id)).keys()) {
      const now = new Date(shareReleaseDate(month).getTime() + 1000);
      const percent = await sharePercent(showA.id);
      expect(await db.transaction((tx) => releaseAdShare(tx, { podcastId: showA.id, podcasterUserId: hostA.id, month, percent, now }))).toBeGreaterThan(0);
    }

    // The podcaster connects a payout account and takes $100 of the balance.
    await db
      .update(users)
      .set({ payouts_connect: { provider: 'stripe', account_id: `acct_test_payout_${hostA.id}`, connected_at: new Date().toISOString() } })
      .where(eq(users.id, hostA.id));
    const payout = await call('POST', '/api/payouts', { token: hostA.token, body: { amount: 10_000 } });
    expect(payout.status, JSON.stringify(payout.body)).toBe(201);

    // ---- The ledger: the source of truth of every money figure ----
    const ledger = await db
      .select()
      .from(transactions)
      .where(or(inArray(transactions.user_id, [brand.id, hostA.id, hostB.id]), eq(transactions.campaign_id, campaign.id)));
    const sum = (rows: typeof ledger) => rows.reduce((s, t) => s + t.fee, 0);
    const of = (kind: string) => ledger.filter((t) => t.kind === kind);
    const hireCharges = of('charge').filter((t) => t.reference_type !== 'ad_line');
    const lineCharges = of('charge').filter((t) => t.reference_type === 'ad_line');
    const refunds = of('refund');
    const adSpend = of('ad_spend');
    const releases = of('release').filter((t) => t.user_id === hostA.id);
    const payouts = of('payout').filter((t) => t.user_id === hostA.id);
    // The journey wrote what it should: one hire charge after the coupon, one refund, one line charge, its billing, one release, one payout.
    expect(hireCharges.map((t) => t.fee)).toEqual([72_000]);
    expect(refunds).toHaveLength(1);
    expect(lineCharges.map((t) => t.fee)).toEqual([10_000]);
    // 7 impressions at a $25 CPM: 17.5 ¢, so 17 ¢ billed.
    expect(sum(adSpend)).toBe(17);
    const hireReleases = releases.filter((t) => t.reference_type !== 'ad_share');
    const shareReleases = releases.filter((t) => t.reference_type === 'ad_share');
    expect(hireReleases).toHaveLength(1);
    // The show's share of the line's billed impressions, released with the month: all of the spend, less Cuepoint's part.
    expect(shareReleases.map((t) => t.fee)).toEqual([sum(adSpend)]);
    expect(payouts.map((t) => t.fee)).toEqual([10_000]);
    expect(ledger.filter((t) => t.user_id === hostB.id && t.kind === 'release')).toHaveLength(0);

    const spent = sum(hireCharges) - sum(refunds) + sum(adSpend);
    // What was paid for each job is the charge's share of it (the coupon spread over the hires): the aired ad's and the waiting one's.
    const paidFor = (fee: number) => (fee * sum(hireCharges)) / 80_000;
    const committed = paidFor(15_000);
    const [host] = await db.select({ percent: podcasters.service_fee_percent }).from(podcasters).where(eq(podcasters.user_id, hostA.id));
    const percent = host?.percent ?? DEFAULT_SERVICE_FEE_PERCENT;
    const released = releases.reduce((s, t) => s + t.fee - t.service_fee, 0);
    const earnings = {
      available: released - sum(payouts),
      pending: 15_000 - Math.round((15_000 * percent) / 100),
      paid_out: sum(payouts),
      lifetime: released,
    };
    expect(hireReleases[0]!.fee).toBe(40_000);
    expect(hireReleases[0]!.service_fee).toBe(Math.round((40_000 * percent) / 100));

    // ---- The counter: the source of truth of every listens figure ----
    const analytics = await call('GET', `/api/podcasts/${showA.id}/analytics?from=${day(-2)}&to=${day(1)}`, { token: hostA.token });
    expect(analytics.status, JSON.stringify(analytics.body)).toBe(200);
    const downloads = (analytics.body.data.downloads.by_episode as { id: number; downloads: number }[]).find((e) => e.id === episode.id)?.downloads ?? 0;
    expect(downloads).toBe(APPS.length);
    const impressions = (await db.select().from(adDeliveries).where(eq(adDeliveries.line_id, lineId))).filter((d) => d.billed).length;
    expect(impressions).toBe(7);
    // CPM: the money of aired ads (the aired hire's share and the billed impressions) over their listens and impressions.
    const cpm = Math.round(((paidFor(40_000) + sum(adSpend)) / (downloads + impressions)) * 1000);

    // ---- The API ----
    const api = (await call('GET', `/api/campaigns/${campaign.id}`, { token: brand.token })).body.data;
    expect(api).toMatchObject({ spent, spent_amount: spent, committed, listens_measured: downloads, listens_self_reported: 0, listens: downloads, cpm });

    // ---- /campaigns ----
    const list = doc((await page('/campaigns', brand.cookie)).html);
    const mine = all(list, (e) => e.name === 'li' && attr(e, 'class')?.includes('cq-campaign') === true).find((c) => text(c).includes('Consistency Roast'));
    if (!mine) throw new Error('the campaign card is not on /campaigns');
    expect(text(one(mine, byTestId('campaign-spent')))).toBe(`${fmt(spent)} / ${fmt(campaign.budget!)}`);
    expect(count(text(one(mine, byTestId('campaign-listens'))))).toBe(downloads);
    expect(DomUtils.findOne(byTestId('campaign-listens-self-reported'), mine.children, true)).toBeNull();

    // ---- The campaign's stats ----
    const stats = doc((await page(`/campaign/${campaign.id}/stats`, brand.cookie)).html);
    expect(centsOf(one(stats, byTestId('stat-spent')))).toBe(spent);
    expect(centsOf(one(stats, byTestId('stat-committed')))).toBe(committed);
    // Hired: the fees of the hires that stand (show B's job was cancelled).
    expect(centsOf(one(stats, byTestId('stat-hired')))).toBe(55_000);
    expect(centsOf(one(stats, byTestId('stat-cpm')))).toBe(cpm);
    expect(count(text(one(stats, byTestId('stat-listens-measured'))))).toBe(downloads);
    const measuredCells = all(stats, byAttr('data-label', 'Measured listens')).map((e) => count(text(e)));
    expect(measuredCells.reduce((s, n) => s + n, 0)).toBe(downloads);

    // The budget not hired yet (budget − the fees of the hires that stand) and the money the CPM is on (the aired ads').
    const statsText = text(stats.children);
    expect(statsText).toContain(`${fmt(campaign.budget! - 55_000)} of the budget is not hired yet.`);
    expect(statsText).toContain(`on ${fmt(paidFor(40_000) + sum(adSpend))} of aired ads`);
    // The hired podcasts' table: show A's fees are its hire (show B's job was cancelled), its measured listens the counter's.
    const showARow = all(stats, (e) => e.name === 'tr').find((tr) => text(tr).startsWith('Consistency Roasters'));
    expect(showARow, 'show A in the hired podcasts').toBeDefined();
    expect(centsOf(one(showARow!, byAttr('data-label', 'Fees')))).toBe(55_000);
    expect(count(text(one(showARow!, byAttr('data-label', 'Measured listens'))))).toBe(downloads);
    // The charts' tables ("Show the numbers of …"): each listens chart totals the counter's downloads.
    const chartTotal = (title: string) => {
      const figure = one(stats, byAttr('data-chart', title));
      const foot = one(figure, (e) => e.name === 'tfoot');
      return all(foot, (e) => e.name === 'td').map((td) => count(text(td)));
    };
    for (const title of ['Listens', 'Distributors', 'Countries', 'Devices']) expect(chartTotal(title)[0], `${title} chart`).toBe(downloads);
    expect(chartTotal('Creators')[0]).toBe(downloads);
    // The automated line: its budget (the line's charge), what it was billed and its impressions.
    const lineRow = one(stats, byTestId('ad-line'));
    expect(centsOf(one(lineRow, byAttr('data-label', 'Budget')))).toBe(sum(lineCharges));
    expect(centsOf(one(lineRow, byAttr('data-label', 'Spent')))).toBe(sum(adSpend));
    expect(centsOf(one(lineRow, byAttr('data-label', 'CPM')))).toBe(2_500);
    expect(count(text(one(lineRow, byAttr('data-label', 'Impressions'))))).toBe(impressions);
    const adLinesApi = (await call('GET', `/api/brand/campaigns/${campaign.id}/ad-lines`, { token: brand.token })).body.data;
    expect(adLinesApi).toEqual([expect.objectContaining({ id: lineId, funded: sum(lineCharges), spent: sum(adSpend), impressions })]);
    const adStats = (await call('GET', `/api/brand/campaigns/${campaign.id}/ad-stats`, { token: brand.token })).body.data;
    expect(adStats).toMatchObject({ impressions, spent: sum(adSpend) });

    // ---- /settings/payments: spent by campaign and every row of the ledger ----
    const paymentsHtml = (await page('/settings/payments', brand.cookie)).html;
    const payments = doc(paymentsHtml);
    expect(centsOf(one(payments, byAttr('data-campaign-spent', String(campaign.id))))).toBe(spent);
    const spendRow = DomUtils.getParent(DomUtils.getParent(one(payments, byAttr('data-campaign-spent', String(campaign.id))))!) as Element;
    expect(centsOf(one(spendRow, byAttr('data-label', 'Hires paid')))).toBe(sum(hireCharges));
    expect(centsOf(one(spendRow, byAttr('data-label', 'Refunded')))).toBe(-sum(refunds));
    const linesCell = text(one(spendRow, byAttr('data-label', 'Automated lines billed')));
    expect(cents(linesCell)).toBe(sum(adSpend));
    expect(cents(linesCell.slice(linesCell.indexOf('of')))).toBe(sum(lineCharges));
    const brandRows = transactionRows(payments);
    const brandLedger = ledger.filter((t) => t.user_id === brand.id);
    expect(brandLedger.length).toBeGreaterThan(0);
    for (const t of brandLedger) expect(brandRows.get(t.code), `${t.kind} ${t.code} on /settings/payments`).toBe(t.fee);
    expect(brandRows.size).toBe(brandLedger.length);

    // The funding's confirmation page, by the charge's code (where funding leads) and by the hires it funded: the charge, never "no payment".
    for (const query of [`tx=${hireCharges[0]!.code}`, `hirings=${hiringIds.join(',')}`]) {
      const confirmation = doc((await page(`/hirings/confirmation?${query}`, brand.cookie)).html);
      expect(centsOf(one(confirmation, (e) => attr(e, 'id') === 'paid-h')), query).toBe(hireCharges[0]!.fee);
      expect(centsOf(one(confirmation, (e) => attr(e, 'class')?.includes('pm-summary__total') === true)), query).toBe(hireCharges[0]!.fee);
      expect(text(confirmation.children), query).not.toContain('so there is no payment');
    }
    const hires = all(doc((await page('/settings/hires', brand.cookie)).html), (e) => attr(e, 'class') === 'pm-hire__head');
    const hireOf = (title: string) => hires.find((h) => text(h).includes(title));
    expect(centsOf(one(hireOf('Consistency Roasters')!, (e) => attr(e, 'class') === 'pm-amount'))).toBe(55_000);
    expect(centsOf(one(hireOf('Consistency Runners')!, (e) => attr(e, 'class') === 'pm-amount'))).toBe(25_000);

    // ---- Receipts: the charge, the refund and the line's budget ----
    for (const t of [...hireCharges, ...refunds, ...lineCharges]) {
      const receipt = doc((await page(`/settings/payments/receipts/${t.code}`, brand.cookie)).html);
      expect(centsOf(one(receipt, (e) => attr(e, 'class')?.includes('pm-receipt__amount') === true)), t.code).toBe(t.fee);
      expect(centsOf(one(receipt, byAttr('data-campaign-spent', String(campaign.id)))), t.code).toBe(spent);
      // What the payment covers (each hire at what was paid for it after the coupon), or what the refund returns.
      const lines = all(receipt, byAttr('data-label', 'Amount')).map((e) => centsOf(e)!);
      if (t.reference_type !== 'ad_line')
        expect(
          lines.reduce((s, n) => s + n, 0),
          t.code,
        ).toBe(t.fee);
      if (t === hireCharges[0]) {
        expect(lines.sort((x, y) => x - y)).toEqual([paidFor(25_000), paidFor(40_000) + paidFor(15_000)]);
        const meta = t.meta as { subtotal?: number; discount?: number };
        expect(meta.subtotal).toBe(80_000);
        expect((meta.subtotal ?? 0) - (meta.discount ?? 0)).toBe(t.fee);
        expect(centsOf(one(receipt, (e) => attr(e, 'class')?.includes('pm-summary__total') === true))).toBe(t.fee);
        const summary = text(one(receipt, (e) => attr(e, 'class') === 'pm-summary')).replace(/\s/g, '');
        expect(summary).toContain(`Subtotal${fmt(meta.subtotal!)}`);
        expect(summary).toContain(`−${fmt(meta.discount!)}`);
      }
    }

    // ---- The podcaster: dashboard and earnings ----
    const dashboard = doc((await page('/dashboard', hostA.cookie)).html);
    const hiredCard = one(dashboard, byTestId('dashboard-hired'));
    expect(centsOf(one(hiredCard, (e) => e.name === 'strong'))).toBe(55_000);
    expect(text(hiredCard)).toContain('1 hire');
    const earningsPage = doc((await page('/settings/earnings', hostA.cookie)).html);
    expect(centsOf(one(earningsPage, byTestId('earnings-available')))).toBe(earnings.available);
    expect(centsOf(one(earningsPage, byTestId('earnings-pending')))).toBe(earnings.pending);
    expect(centsOf(one(earningsPage, byTestId('earnings-paid-out')))).toBe(earnings.paid_out);
    expect(centsOf(one(earningsPage, byTestId('earnings-lifetime')))).toBe(earnings.lifetime);
    // The payout form's balance and its amount field (all of it by default).
    expect(text(earningsPage.children)).toContain(`Available: ${fmt(earnings.available)}.`);
    expect(
      attr(
        one(earningsPage, (e) => e.name === 'input' && attr(e, 'inputmode') === 'decimal'),
        'value',
      ),
    ).toBe((earnings.available / 100).toFixed(2));
    const hireRow = DomUtils.getParent(one(earningsPage, (e) => e.name === 'td' && attr(e, 'data-label') === 'Total')) as Element;
    expect(centsOf(one(hireRow, byAttr('data-label', 'Total')))).toBe(55_000);
    expect(centsOf(one(hireRow, byAttr('data-label', 'You receive')))).toBe(55_000 - Math.round((55_000 * percent) / 100));
    const hostRows = transactionRows(earningsPage);
    for (const t of [...releases, ...payouts])
      expect(hostRows.get(t.code), `${t.kind} ${t.code} on /settings/earnings`).toBe(t.fee - (t.kind === 'release' ? t.service_fee : 0));
    expect((await call('GET', '/api/earnings', { token: hostA.token })).body.data).toMatchObject(earnings);

    // Show B's podcaster: the cancelled hire was refunded, so nothing is hired, pending or earned.
    const hostBEarnings = doc((await page('/settings/earnings', hostB.cookie)).html);
    for (const id of ['earnings-available', 'earnings-pending', 'earnings-paid-out', 'earnings-lifetime'])
      expect(centsOf(one(hostBEarnings, byTestId(id))), `${id} of show B`).toBe(0);
    expect(ledger.filter((t) => t.user_id === hostB.id)).toEqual([]);
    const hostBHired = one(doc((await page('/dashboard', hostB.cookie)).html), byTestId('dashboard-hired'));
    expect(centsOf(one(hostBHired, (e) => e.name === 'strong'))).toBe(0);
    expect(text(hostBHired)).toContain('0 hires');

    // /admin/coupons: the coupon was redeemed as often as the ledger has a charge with it.
    const couponRow = all(doc((await page('/admin/coupons', admin.cookie)).html), (e) => e.name === 'tr').find((tr) => text(tr).includes(code));
    expect(couponRow, 'the coupon on /admin/coupons').toBeDefined();
    const withCoupon = ledger.filter((t) => t.kind === 'charge' && (t.meta as { coupon?: string }).coupon?.toUpperCase() === code);
    expect(withCoupon).toHaveLength(1);
    expect(count(text(one(couponRow!, byAttr('data-label', 'Redeemed'))))).toBe(withCoupon.length);

    // Completed Ads, on both sides: the aired ad at the fee the ledger released for it.
    for (const user of [brand, hostA]) {
      const completed = all(doc((await page('/completed-ads', user.cookie)).html), (e) => attr(e, 'class') === 'completed-ad');
      expect(
        completed.map((li) => cents(text(li))),
        `/completed-ads of ${user.email}`,
      ).toEqual([hireReleases[0]!.fee]);
    }

    // ---- The provider's books equal the ledger ----
    const provider = await paymentProvider();
    const records = await provider.listRecords(new Date(Date.now() - DAY));
    const brandCharges = [...hireCharges, ...lineCharges];
    for (const t of brandCharges) {
      const p = records.charges.find((c) => c.id === t.provider_ref);
      expect(p, `the provider's record of ${t.code}`).toBeDefined();
      expect({ amount: p!.amount, captured: p!.captured, currency: p!.currency.toLowerCase() }).toEqual({ amount: t.fee, captured: t.fee, currency: 'usd' });
    }
    // Every payment the provider captured for this brand is in the ledger, at the same amount.
    const capturedForBrand = records.charges.filter((c) => c.metadata.brand_user_id === String(brand.id) && c.captured > 0);
    expect(capturedForBrand.map((c) => [c.id, c.captured]).sort()).toEqual(brandCharges.map((t) => [t.provider_ref, t.fee]).sort());
    const chargeRefs = new Set(brandCharges.map((t) => t.provider_ref));
    const providerRefunds = records.refunds.filter((r) => chargeRefs.has(r.charge_id) && r.status === 'succeeded');
    expect(providerRefunds.map((r) => [r.id, r.amount]).sort()).toEqual(refunds.map((t) => [t.provider_ref, t.fee]).sort());
    const providerPayouts = records.payouts.filter((p) => p.destination === `acct_test_payout_${hostA.id}`);
    expect(providerPayouts.map((p) => [p.reference, p.amount])).toEqual(payouts.map((t) => [`cuepoint-payout-${t.reference_id}`, t.fee]));

    // The reconciliation finds no difference for any of them, and /admin lists none.
    const refs = new Set([...brandCharges, ...refunds, ...payouts].map((t) => t.provider_ref).filter(Boolean));
    const { differences } = await reconcilePayments({ trigger: 'command' });
    expect(differences.filter((d) => refs.has(d.provider_ref ?? ''))).toEqual([]);
    const adminHtml = (await page('/admin', admin.cookie)).html;
    for (const ref of refs) expect(adminHtml, `/admin lists ${ref}`).not.toContain(ref!);
  });
});

/** Dollars as every screen writes them, for the one text compared whole ("$720 / $5,000"). */
function fmt(c: number): string {
  const d = Math.floor(Math.abs(c) / 100);
  const r = Math.abs(c) % 100;
  return `${c < 0 ? '-' : ''}$${String(d).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${r ? `.${String(r).padStart(2, '0')}` : ''}`;
}
