import Stripe from 'stripe';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../src/lib/server/db/client';
import { couponRedemptions, coupons, hirings, packageJobs, podcasters, transactions, users } from '../../src/lib/server/db/schema';
import { campaignSpent, releaseJobFunds } from '../../src/lib/server/payments';
import { seedUser, type SeededUser } from '../support/builders';
import { call, page } from '../support/http';
import { testServer } from '../support/test-server';
import { saveCard, seedHire, VISA } from '../support/payment-builders';
import { airAd } from '../support/air-ad';
import { eventually } from '../support/eventually';

const CODE = /^TX-\d{4}-\d{6}$/;
let couponN = 0;

async function admin() {
  return seedUser({ type: 'ADMIN' });
}

async function coupon(body: Record<string, unknown>) {
  const code = `T${++couponN}${Date.now().toString(36)}`.toUpperCase();
  const res = await call('POST', '/api/admin/coupons', { token: (await admin()).token, body: { code, ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return code;
}

async function fund(brand: SeededUser, body: Record<string, unknown>, key?: string) {
  return call('POST', '/api/hirings/fund', { token: brand.token, body, headers: key ? { 'Idempotency-Key': key } : {} });
}

async function ledgerOf(userId: number) {
  const db = await getDb();
  return db.select().from(transactions).where(eq(transactions.user_id, userId));
}

describe('[PAYMENTS] cards', () => {
  it('saves test cards (brand, last four, expiry only), keeps a default, and refuses bad or declined cards', async () => {
    const brand = await seedUser({ type: 'BRAND' });
    const visa = await saveCard(brand);
    expect(visa).toEqual({ id: visa.id, type: 'visa', last_four: '4242', exp_month: 12, exp_year: VISA.exp_year, is_default: true });
    const mc = await saveCard(brand, '5555 5555 5555 4444');
    expect(mc).toMatchObject({ type: 'mastercard', last_four: '4444', is_default: false });
    for (const [number, type] of [
      ['3782 822463 10005', 'amex'],
      ['6011 1111 1111 1117', 'discover'],
      ['3056 9300 0902 0004', 'diners'],
      ['3566 0020 2036 0505', 'jcb'],
      ['6200 0000 0000 0005', 'unionpay'],
    ] as const)
      expect((await saveCard(brand, number)).type).toBe(type);
    const list = await call('GET', '/api/cards', { token: brand.token });
    expect(list.body.data).toHaveLength(7);
    expect(list.body.data[0]).toMatchObject({ id: visa.id, is_default: true });
    expect(JSON.stringify(list.body)).not.toContain('4242424242424242');

    const bad = async (body: Record<string, unknown>) => call('POST', '/api/cards', { token: brand.token, body: { ...VISA, ...body } });
    const declined = await bad({ number: '4000 0000 0000 0002' });
    expect(declined.status).toBe(422);
    expect(declined.body.errors.number).toEqual(['Your card was declined.']);
    expect((await bad({ number: '4242 4242 4242 4241' })).body.errors.number).toEqual(['Your card number is incorrect.']);
    expect((await bad({ exp_month: 13 })).body.errors.exp_month).toBeDefined();
    expect((await bad({ exp_month: 1, exp_year: new Date().getUTCFullYear() - 1 })).status).toBe(422);
    expect((await bad({ number: '4242 4242 4242 4242' })).body.errors.number).toEqual(['This card is already saved.']);
    expect((await bad({ number: '' })).body.errors.number).toBeDefined();
    expect((await call('POST', '/api/cards', { token: brand.token, raw: '{"number":' })).status).toBe(422);

    // Default and delete: another user's card is a 404.
    const other = await seedUser({ type: 'BRAND' });
    expect((await call('PUT', `/api/cards/${mc.id}/default`, { token: other.token })).status).toBe(404);
    expect((await call('DELETE', `/api/cards/${mc.id}`, { token: other.token })).status).toBe(404);
    const def = await call('PUT', `/api/cards/${mc.id}/default`, { token: brand.token });
    expect(def.body.data).toMatchObject({ id: mc.id, is_default: true });
    const db = await getDb();
    expect((await db.select().from(users).where(eq(users.id, brand.id)))[0]!.default_card_id).toBe(mc.id);
    expect((await call('DELETE', `/api/cards/${mc.id}`, { token: brand.token })).status).toBe(204);
    const after = (await call('GET', '/api/cards', { token: brand.token })).body.data as { id: number; is_default: boolean }[];
    expect(after).toHaveLength(6);
    expect(after.filter((c) => c.is_default)).toHaveLength(1);

    const podcaster = await seedUser({ type: 'PODCASTER' });
    expect((await call('GET', '/api/cards', { token: podcaster.token })).status).toBe(403);
    expect((await call('GET', '/api/cards')).status).toBe(401);
  });
});

describe('[PAYMENTS] coupons', () => {
  it('lets admins create coupons and brands check them; unknown, expired and used-up codes are not valid', async () => {
    const brand = await seedUser({ type: 'BRAND' });
    expect((await call('POST', '/api/admin/coupons', { token: brand.token, body: { code: 'NOPE10', percent_off: 10 } })).status).toBe(403);
    const a = await admin();
    const both = await call('POST', '/api/admin/coupons', { token: a.token, body: { code: 'BOTH', percent_off: 10, amount_off: 500 } });
    expect(both.status).toBe(422);
    expect((await call('POST', '/api/admin/coupons', { token: a.token, body: { code: 'NONE' } })).body.errors.percent_off).toBeDefined();
    const code = await coupon({ percent_off: 20, description: 'Spring offer' });
    expect((await call('POST', '/api/admin/coupons', { token: a.token, body: { code: code.toLowerCase(), percent_off: 5 } })).body.errors.code).toEqual([
      'A coupon with this code already exists.',
    ]);
    const ok = await call('POST', '/api/coupons/check', { token: brand.token, body: { code: code.toLowerCase() } });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ code, percent_off: 20, description: '20% off: Spring offer', rules: '' });
    const fixed = await coupon({ amount_off: 5_000 });
    expect((await call('POST', '/api/coupons/check', { token: brand.token, body: { code: fixed } })).body.data).toEqual({
      code: fixed,
      amount_off: 5_000,
      description: '$50 off',
      rules: '',
    });
    const unknown = await call('POST', '/api/coupons/check', { token: brand.token, body: { code: 'NO-SUCH-CODE' } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ code: ['This coupon code is not valid.'] });
    const db = await getDb();
    await db
      .update(coupons)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(coupons.code, fixed));
    expect((await call('POST', '/api/coupons/check', { token: brand.token, body: { code: fixed } })).body.errors.code[0]).toMatch(
      /^This coupon expired on \d{2}\/\d{2}\/\d{4}\.$/,
    );
    expect((await call('POST', '/api/coupons/check', { token: brand.token, body: {} })).status).toBe(422);
    expect((await call('GET', '/api/admin/coupons', { token: a.token })).body.data.some((c: { code: string }) => c.code === code)).toBe(true);
  });
});

describe('[PAYMENTS] funding', () => {
  it('charges the total minus the coupon once, funds the hire and its jobs, and every figure agrees with the ledger', async () => {
    const { brand, podcaster, hiring, campaign } = await seedHire({ fees: [30_000], series: { fee: 65_000, episodes: 2 } });
    // One rule: a $300 spot and a two-episode item at $650 each is $1,600.
    expect(hiring.total_price).toBe(160_000);
    expect(hiring.job_ids).toHaveLength(3);
    const card = await saveCard(brand);
    const code = await coupon({ percent_off: 20 });
    const res = await fund(brand, { hiring_ids: [hiring.id], card_id: card.id, coupon: code.toLowerCase() }, 'fund-happy-1');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { transaction, hirings: funded } = res.body.data;
    expect(transaction).toMatchObject({ kind: 'charge', fee: 128_000, service_fee: 0, status: 'succeeded', source: 'Visa •••• 4242', hiring_id: hiring.id });
    expect(transaction.code).toMatch(CODE);
    expect(transaction.meta).toMatchObject({ subtotal: 160_000, discount: 32_000, coupon: code });
    expect(funded[0]).toMatchObject({ id: hiring.id, status: 'funded' });

    const db = await getDb();
    const jobs = await db
      .select()
      .from(packageJobs)
      .where(eq(packageJobs.package_id, (await db.select().from(hirings).where(eq(hirings.id, hiring.id)))[0]!.package_id));
    expect(jobs.every((j) => j.is_funded)).toBe(true);
    expect(jobs.every((j) => j.status === 'in-progress')).toBe(true);

    const mine = await call('GET', '/api/transactions', { token: brand.token });
    expect(mine.body.data).toHaveLength(1);
    expect(mine.body.data[0]).toMatchObject({ code: transaction.code, fee: 128_000, campaign_id: campaign.id, campaign_title: campaign.title });
    expect(await campaignSpent(campaign.id)).toBe(128_000);
    const earnings = await call('GET', '/api/earnings', { token: podcaster.token });
    // Pending: the jobs' fees, net of the 10 % service fee (the podcaster is paid in full; the coupon is ours).
    expect(earnings.body.data).toEqual({ available: 0, pending: 144_000, paid_out: 0, lifetime: 0 });
    expect((await call('GET', '/api/earnings', { token: brand.token })).status).toBe(403);
    const notes = await eventually(
      () => call('GET', '/api/notifications', { token: podcaster.token }),
      (r) => r.body.data.some((n: { type: string }) => n.type === 'hiring.funded'),
    );
    expect(notes.body.data.find((n: { type: string }) => n.type === 'hiring.funded').data.title).toMatch(/funded Spring Launch: you can start/);

    // Funded once: a second try is a 422 that charges nothing; the same key replays the first answer.
    const again = await fund(brand, { hiring_ids: [hiring.id], card_id: card.id });
    expect(again.status).toBe(422);
    expect(again.body.errors.hiring_ids).toEqual(['This hire is already funded.']);
    const replay = await fund(brand, { hiring_ids: [hiring.id], card_id: card.id, coupon: code.toLowerCase() }, 'fund-happy-1');
    expect(replay.status).toBe(200);
    expect(replay.body.data.transaction.code).toBe(transaction.code);
    const otherBody = await fund(brand, { hiring_ids: [hiring.id], card_id: card.id }, 'fund-happy-1');
    expect(otherBody.status).toBe(422);
    expect(otherBody.body.errors.idempotency_key).toBeDefined();
    expect((await ledgerOf(brand.id)).filter((t) => t.kind === 'charge')).toHaveLength(1);
  });

  it('charges once when two requests for the same hire arrive together', async () => {
    const { brand, hiring } = await seedHire({ fees: [40_000] });
    const card = await saveCard(brand);
    const results = await Promise.all([
      fund(brand, { hiring_ids: [hiring.id], card_id: card.id }, 'race-a'),
      fund(brand, { hiring_ids: [hiring.id], card_id: card.id }, 'race-b'),
      fund(brand, { hiring_ids: [hiring.id], card_id: card.id }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 422, 422]);
    const charges = (await ledgerOf(brand.id)).filter((t) => t.kind === 'charge');
    expect(charges).toHaveLength(1);
    expect(charges[0]!.fee).toBe(40_000);
    // The same key sent twice at once is one payment too.
    const second = await seedHire({ brand, fees: [25_000] });
    const twice = await Promise.all([
      fund(brand, { hiring_ids: [second.hiring.id], card_id: card.id }, 'double-click'),
      fund(brand, { hiring_ids: [second.hiring.id], card_id: card.id }, 'double-click'),
    ]);
    expect(twice.map((r) => r.status)).toEqual([200, 200]);
    expect(twice[0]!.body.data.transaction.code).toBe(twice[1]!.body.data.transaction.code);
    expect((await ledgerOf(brand.id)).filter((t) => t.kind === 'charge')).toHaveLength(2);
  });

  it('changes nothing for a declined card, another brand’s hire or card, or a bad body', async () => {
    const { brand, hiring } = await seedHire({ fees: [30_000] });
    const code = await coupon({ percent_off: 10, max_redemptions: 1 });
    const declines = await saveCard(brand, '4000 0000 0000 0341');
    const poor = await saveCard(brand, '4000 0000 0000 9995');
    const declined = await fund(brand, { hiring_ids: [hiring.id], card_id: declines.id, coupon: code });
    expect(declined.status).toBe(422);
    expect(declined.body.errors.card_id).toEqual(['Your card was declined.']);
    const broke = await fund(brand, { hiring_ids: [hiring.id], card_id: poor.id, coupon: code });
    expect(broke.body.errors.card_id).toEqual(['Your card has insufficient funds.']);
    const db = await getDb();
    expect((await db.select().from(hirings).where(eq(hirings.id, hiring.id)))[0]!.status).toBe('new');
    expect(await ledgerOf(brand.id)).toHaveLength(0);
    // The coupon's one use was given back each time.
    const [row] = await db.select().from(coupons).where(eq(coupons.code, code));
    const uses = await db.select().from(couponRedemptions).where(eq(couponRedemptions.coupon_id, row!.id));
    expect(uses.map((u) => u.status)).toEqual(['released', 'released']);

    const other = await seedUser({ type: 'BRAND' });
    const theirCard = await saveCard(other);
    expect((await fund(other, { hiring_ids: [hiring.id], card_id: theirCard.id })).body.errors.hiring_ids).toEqual(['The selected hires are invalid.']);
    const visa = await saveCard(brand);
    expect((await fund(brand, { hiring_ids: [hiring.id], card_id: theirCard.id })).body.errors.card_id).toBeDefined();
    expect((await fund(brand, { hiring_ids: 'all', card_id: visa.id })).status).toBe(422);
    expect((await fund(brand, { hiring_ids: [], card_id: visa.id })).status).toBe(422);
    expect((await fund(brand, { hiring_ids: [hiring.id] })).body.errors.card_id).toBeDefined();
    expect((await call('POST', '/api/hirings/fund', { token: brand.token, raw: 'nope' })).status).toBe(422);
    expect((await fund(brand, { hiring_ids: [hiring.id], card_id: visa.id, coupon: 'NOT-A-CODE' })).body.errors.coupon).toEqual([
      'This coupon code is not valid.',
    ]);
    expect(await ledgerOf(brand.id)).toHaveLength(0);

    // A single-use code funds once.
    expect((await fund(brand, { hiring_ids: [hiring.id], card_id: visa.id, coupon: code })).status).toBe(200);
    const next = await seedHire({ brand, fees: [20_000] });
    expect((await fund(brand, { hiring_ids: [next.hiring.id], card_id: visa.id, coupon: code })).body.errors.coupon).toEqual(['This coupon has been used up.']);
    expect((await call('POST', '/api/coupons/check', { token: brand.token, body: { code } })).body.errors.code).toEqual(['This coupon has been used up.']);
  });
});

describe('[PAYMENTS] release, refund and payout', () => {
  it('releases a completed job’s fee minus the service fee, once, and a payout empties the balance', async () => {
    const { brand, podcaster, hiring, campaign } = await seedHire({ fees: [30_000, 20_000] });
    const card = await saveCard(brand);
    expect((await fund(brand, { hiring_ids: [hiring.id], card_id: card.id })).status).toBe(200);
    const [first, second] = hiring.job_ids;
    await airAd(podcaster, brand, first!, { hash_id: `aired-${first}` });
    const release = (await ledgerOf(podcaster.id)).find((t) => t.kind === 'release')!;
    expect(release).toMatchObject({ fee: 30_000, service_fee: 3_000, is_balance: true, job_id: first, hiring_id: hiring.id, campaign_id: campaign.id });
    expect(release.code).toMatch(CODE);
    expect((await call('GET', '/api/earnings', { token: podcaster.token })).body.data).toEqual({
      available: 27_000,
      pending: 18_000,
      paid_out: 0,
      lifetime: 27_000,
    });

    // Nothing is released twice.
    const db = await getDb();
    await db.transaction((tx) => releaseJobFunds(tx, first!));
    expect((await ledgerOf(podcaster.id)).filter((t) => t.kind === 'release')).toHaveLength(1);

    // A podcaster with their own service fee.
    await db.update(podcasters).set({ service_fee_percent: 15 }).where(eq(podcasters.user_id, podcaster.id));
    await airAd(podcaster, brand, second!, { hash_id: `aired-${second}` });
    expect((await ledgerOf(podcaster.id)).find((t) => t.job_id === second)).toMatchObject({ fee: 20_000, service_fee: 3_000 });
    expect((await db.select().from(hirings).where(eq(hirings.id, hiring.id)))[0]!.status).toBe('completed');

    // Payouts: a connected method first (the embedded provider's Stripe Connect test page), then the whole balance, once.
    const none = await call('POST', '/api/payouts', { token: podcaster.token });
    expect(none.status).toBe(422);
    expect(none.body.errors.payout_method).toBeDefined();
    await connectTestStripe(podcaster);
    const paid = await call('POST', '/api/payouts', { token: podcaster.token, headers: { 'Idempotency-Key': 'payout-1' } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body.data).toMatchObject({ kind: 'payout', fee: 44_000, is_balance: true, status: 'paid' });
    expect(paid.body.data.source).toMatch(/^Stripe account ••••/);
    expect((await call('POST', '/api/payouts', { token: podcaster.token, headers: { 'Idempotency-Key': 'payout-1' } })).body.data.code).toBe(
      paid.body.data.code,
    );
    const empty = await call('POST', '/api/payouts', { token: podcaster.token });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.amount).toEqual(['There is nothing to pay out yet.']);
    expect((await call('GET', '/api/earnings', { token: podcaster.token })).body.data).toEqual({
      available: 0,
      pending: 0,
      paid_out: 44_000,
      lifetime: 44_000,
    });
    const list = await call('GET', '/api/transactions?per_page=1', { token: podcaster.token });
    expect(list.body.meta).toMatchObject({ total: 3, per_page: 1, last_page: 3 });
    expect(list.body.data[0].kind).toBe('payout');
    expect(list.body.links.next).toContain('page=2');
    // A page past the end answers the last page, its rows titled like the first page's.
    const past = await call('GET', '/api/transactions?per_page=1&page=9', { token: podcaster.token });
    expect(past.body.meta).toMatchObject({ total: 3, current_page: 3, last_page: 3 });
    expect(past.body.data).toHaveLength(1);
    expect(past.body.data[0]).toMatchObject({ kind: 'release', hiring_id: hiring.id, campaign_id: campaign.id, campaign_title: campaign.title });
    expect(past.body.data[0].podcast_title).toMatch(/\S/);
    expect((await call('POST', '/api/payouts', { token: brand.token })).status).toBe(403);
  });

  it('refunds a cancelled funded job to the card, and cancels the hire when every job is refunded', async () => {
    const { brand, podcaster, hiring, campaign } = await seedHire({ fees: [30_000, 10_000] });
    const card = await saveCard(brand);
    const code = await coupon({ amount_off: 4_000 });
    expect((await fund(brand, { hiring_ids: [hiring.id], card_id: card.id, coupon: code })).body.data.transaction.fee).toBe(36_000);
    const [big, small] = hiring.job_ids;
    expect((await call('POST', `/api/brand/jobs/${big}/cancel`, { token: (await seedUser({ type: 'BRAND' })).token })).status).toBe(404);
    const cancelled = await call('POST', `/api/brand/jobs/${big}/cancel`, { token: brand.token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.status).toBe('funded');
    // The $40 coupon is shared 3:1, so the $300 job was paid $270.
    const refund = await eventually(
      async () => (await ledgerOf(brand.id)).find((t) => t.kind === 'refund'),
      (t) => t !== undefined,
    );
    expect(refund).toMatchObject({ fee: 27_000, job_id: big, campaign_id: campaign.id, source: 'Visa •••• 4242', status: 'succeeded' });
    expect(await campaignSpent(campaign.id)).toBe(9_000);
    expect((await call('POST', `/api/brand/jobs/${big}/cancel`, { token: brand.token })).status).toBe(200);
    expect((await ledgerOf(brand.id)).filter((t) => t.kind === 'refund')).toHaveLength(1);
    expect((await call('GET', '/api/earnings', { token: podcaster.token })).body.data.pending).toBe(9_000);

    await call('POST', `/api/brand/jobs/${small}/cancel`, { token: brand.token });
    await eventually(
      async () => (await ledgerOf(brand.id)).filter((t) => t.kind === 'refund').length,
      (n) => n === 2,
    );
    const db = await getDb();
    expect((await db.select().from(hirings).where(eq(hirings.id, hiring.id)))[0]!.status).toBe('cancelled');
    expect(await campaignSpent(campaign.id)).toBe(0);
    const [row] = await db
      .select({ n: count() })
      .from(transactions)
      .where(and(eq(transactions.user_id, brand.id), eq(transactions.kind, 'refund')));
    expect(row!.n).toBe(2);
  });
});

/** Connects a payout account through the embedded provider's Stripe Connect test page, as a browser would. */
async function connectTestStripe(podcaster: SeededUser) {
  const { baseUrl } = await testServer();
  const url = (await call('GET', '/api/payouts/connect-url?provider=stripe&path=/settings/payout-method', { token: podcaster.token })).body.data.url as string;
  expect(url.startsWith(`${baseUrl}/api/test-provider/stripe/express/oauth/authorize?`)).toBe(true);
  const toPage = await fetch(url, { redirect: 'manual' });
  expect(toPage.status).toBe(302);
  const pageUrl = new URL(toPage.headers.get('location')!, baseUrl);
  expect((await page(`${pageUrl.pathname}${pageUrl.search}`, podcaster.cookie)).html).toContain('Test mode');
  const q = pageUrl.searchParams;
  const decided = await fetch(`${baseUrl}/api/test-provider/stripe/authorize`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ redirect_uri: q.get('redirect_uri')!, state: q.get('state')!, email: 'me@example.com', decision: 'allow' }),
  });
  expect(decided.status).toBe(303);
  const back = await fetch(decided.headers.get('location')!, { redirect: 'manual' });
  expect(back.status).toBe(302);
  expect(back.headers.get('set-cookie')).toContain('payouts_connect_success');
}

describe('[PAYMENTS] Stripe webhooks', () => {
  const secret = 'whsec_cuepoint_api_tests';
  const send = (payload: string, signature?: string) =>
    call('POST', '/webhooks/stripe', { raw: payload, headers: signature ? { 'stripe-signature': signature } : {} });
  const signed = (event: object) => {
    const payload = JSON.stringify(event);
    return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
  };

  it('refuses unsigned and badly signed events, and applies a signed one once', async () => {
    const { brand, hiring } = await seedHire({ fees: [30_000] });
    const card = await saveCard(brand);
    const charge = (await fund(brand, { hiring_ids: [hiring.id], card_id: card.id })).body.data.transaction;
    const db = await getDb();
    const [row] = await db.select().from(transactions).where(eq(transactions.code, charge.code));
    const event = {
      id: `evt_test_${Date.now()}`,
      object: 'event',
      type: 'charge.refunded',
      data: {
        object: {
          id: 'ch_test_1',
          object: 'charge',
          payment_intent: row!.provider_ref,
          amount: 30_000,
          amount_captured: 30_000,
          amount_refunded: 5_000,
          currency: 'usd',
          refunds: { data: [{ id: 're_dash_1' }] },
        },
      },
    };
    const { payload, signature } = signed(event);
    expect((await send(payload)).status).toBe(400);
    expect((await send(payload, 't=1,v1=deadbeef')).status).toBe(400);
    expect((await send(payload.replace('5000', '9000'), signature)).status).toBe(400);
    expect((await ledgerOf(brand.id)).filter((t) => t.kind === 'refund')).toHaveLength(0);

    const applied = await send(payload, signature);
    expect(applied.status).toBe(200);
    expect(applied.body).toEqual({ received: true, type: 'charge.refunded', applied: true });
    const refunds = (await ledgerOf(brand.id)).filter((t) => t.kind === 'refund');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ fee: 5_000, provider_ref: 're_dash_1' });
    // A replay, or the same state in a new event, changes nothing.
    expect((await send(payload, signature)).body.applied).toBe(false);
    const again = signed({ ...event, id: `${event.id}_2` });
    expect((await send(again.payload, again.signature)).body.applied).toBe(false);
    const succeeded = signed({
      id: `evt_test_pi_${Date.now()}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      data: {
        object: {
          id: row!.provider_ref,
          object: 'payment_intent',
          amount: 30_000,
          amount_received: 30_000,
          currency: 'usd',
          status: 'succeeded',
          metadata: { attempt_id: String(row!.meta.attempt_id), brand_user_id: String(brand.id), hiring_ids: String(hiring.id) },
        },
      },
    });
    expect((await send(succeeded.payload, succeeded.signature)).body).toEqual({ received: true, type: 'payment_intent.succeeded', applied: false });
    expect((await ledgerOf(brand.id)).filter((t) => t.kind === 'charge')).toHaveLength(1);
  });
});

describe('[PAYMENTS] screens', () => {
  it('shows test mode, cards, history, receipts, funding and earnings to the right people', async () => {
    const { brand, podcaster, hiring } = await seedHire({ fees: [30_000] });
    const payments = await page('/settings/payments', brand.cookie);
    expect(payments.status).toBe(200);
    expect(payments.html).toContain('Test mode');
    expect(payments.html).toContain('No cards yet');
    const fundPage = await page(`/hirings/fund?hiring=${hiring.id}`, brand.cookie);
    expect(fundPage.html).toContain('Morning Miles');
    expect(fundPage.html).toContain('$300');
    const card = await saveCard(brand);
    const tx = (await fund(brand, { hiring_ids: [hiring.id], card_id: card.id })).body.data.transaction;
    const confirmation = await page(`/hirings/confirmation?tx=${tx.code}`, brand.cookie);
    expect(confirmation.html).toContain(tx.code);
    expect(confirmation.html).toContain('Visa •••• 4242');
    const receipt = await page(`/settings/payments/receipts/${tx.code}`, brand.cookie);
    expect(receipt.status).toBe(200);
    expect(receipt.html).toContain('$300');
    expect((await page(`/settings/payments/receipts/${tx.code}`, (await seedUser({ type: 'BRAND' })).cookie)).status).toBe(404);
    const history = await page('/settings/payments', brand.cookie);
    expect(history.html).toContain(tx.code);
    expect(history.html).toContain('•••• 4242');
    const hires = await page('/settings/hires', brand.cookie);
    expect(hires.html).toContain('Funded');
    const earnings = await page('/settings/earnings', podcaster.cookie);
    expect(earnings.html).toContain('Test mode');
    expect(earnings.html).toContain('$270');
    const a = await admin();
    expect((await page('/admin/coupons', a.cookie)).status).toBe(200);
    expect((await page('/admin/coupons', brand.cookie)).status).toBe(404);
  });
});
