/**
 * Money that matches the provider (issue 33): signed webhooks applied only when they match what was
 * asked, discrepancies at /admin, refunds capped by their charge, the reconciliation, payouts of an
 * amount, coupon rules, $0 fundings and hiring past a campaign's budget, with the races where money moves.
 */
import Stripe from 'stripe';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../src/lib/server/db/client';
import { campaigns, coupons, fundAttempts, hirings, refundRequests, transactions, users } from '../../src/lib/server/db/schema';
import { campaignSpent, releaseJobFunds } from '../../src/lib/server/payments';
import { seedUser, type SeededUser } from '../support/builders';
import { call, page } from '../support/http';
import { saveCard, seedHire } from '../support/payment-builders';
import { eventually } from '../support/eventually';

const SECRET = 'whsec_cuepoint_api_tests';
let n = 0;

async function admin() {
  return seedUser({ type: 'ADMIN' });
}

async function coupon(body: Record<string, unknown>) {
  const code = `M${++n}${Date.now().toString(36)}`.toUpperCase();
  const res = await call('POST', '/api/admin/coupons', { token: (await admin()).token, body: { code, ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return code;
}

const fund = (brand: SeededUser, body: Record<string, unknown>) => call('POST', '/api/hirings/fund', { token: brand.token, body });

async function ledgerOf(userId: number) {
  const db = await getDb();
  return db.select().from(transactions).where(eq(transactions.user_id, userId));
}

/** Sends a Stripe event signed with the test server's webhook secret. */
async function webhook(type: string, object: Record<string, unknown>) {
  const payload = JSON.stringify({ id: `evt_m_${++n}_${Date.now()}`, object: 'event', type, data: { object } });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
  const res = await call('POST', '/webhooks/stripe', { raw: payload, headers: { 'stripe-signature': signature } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { received: true; type: string; applied: boolean; discrepancy?: number };
}

/** A brand's funding attempt that the card declined: what we asked the provider, with nothing applied. */
async function declinedAttempt(fees = [20_000]) {
  const hire = await seedHire({ fees });
  const card = await saveCard(hire.brand, '4000 0000 0000 0341');
  expect((await fund(hire.brand, { hiring_ids: [hire.hiring.id], card_id: card.id })).status).toBe(422);
  const db = await getDb();
  const [attempt] = await db.select().from(fundAttempts).where(eq(fundAttempts.brand_user_id, hire.brand.id));
  return { ...hire, attempt: attempt! };
}

const intent = (a: { id: number; amount: number; brand_user_id: number; hiring_ids: number[] }, over: Record<string, unknown> = {}) => ({
  id: `pi_m_${a.id}`,
  object: 'payment_intent',
  amount: a.amount,
  amount_received: a.amount,
  currency: 'usd',
  status: 'succeeded',
  metadata: { attempt_id: String(a.id), brand_user_id: String(a.brand_user_id), hiring_ids: a.hiring_ids.join(',') },
  ...over,
});

describe('[PAYMENTS] webhooks that do not match move nothing', () => {
  it('records a 1-cent or foreign-currency success for a $200 hire at /admin, and applies only the matching one', async () => {
    const { brand, hiring, attempt } = await declinedAttempt([20_000]);
    const cent = await webhook('payment_intent.succeeded', intent(attempt, { amount: 1, amount_received: 1 }));
    expect(cent).toMatchObject({ applied: false, discrepancy: expect.any(Number) });
    const euros = await webhook('payment_intent.succeeded', intent(attempt, { currency: 'eur' }));
    expect(euros.discrepancy).toBeDefined();
    const otherHires = await webhook(
      'payment_intent.succeeded',
      intent(attempt, { metadata: { attempt_id: String(attempt.id), brand_user_id: String(brand.id), hiring_ids: '1,2' } }),
    );
    expect(otherHires.discrepancy).toBeDefined();
    const db = await getDb();
    expect((await db.select().from(hirings).where(eq(hirings.id, hiring.id)))[0]!.status).toBe('new');
    expect(await ledgerOf(brand.id)).toHaveLength(0);

    const a = await admin();
    const listed = await call('GET', '/api/admin/payments/discrepancies', { token: a.token });
    const mine = listed.body.data.filter((d: { provider_ref: string }) => d.provider_ref === `pi_m_${attempt.id}`);
    expect(mine.map((d: { kind: string }) => d.kind).sort()).toEqual(['amount_mismatch', 'attempt_mismatch', 'currency_mismatch']);
    expect(mine.find((d: { kind: string }) => d.kind === 'amount_mismatch')).toMatchObject({
      source: 'webhook',
      event_type: 'payment_intent.succeeded',
      expected: { amount: 20_000, currency: 'usd', attempt_id: attempt.id },
      received: { amount: 1 },
      reason: 'The payment is for 1 cents, we asked for 20000.',
    });
    const shown = await page('/admin', a.cookie);
    expect(shown.html).toContain('Payment discrepancies');
    expect(shown.html).toContain(`pi_m_${attempt.id}`);
    expect(shown.html).toContain('The payment is for 1 cents, we asked for 20000.');
    expect((await call('GET', '/api/admin/payments/discrepancies', { token: brand.token })).status).toBe(403);

    // The event that matches the attempt is applied (a charge reported late): the hire is funded once.
    expect((await webhook('payment_intent.succeeded', intent(attempt))).applied).toBe(true);
    expect((await db.select().from(hirings).where(eq(hirings.id, hiring.id)))[0]!.status).toBe('funded');
    expect((await ledgerOf(brand.id)).map((t) => [t.kind, t.fee])).toEqual([['charge', 20_000]]);

    // An admin marks one resolved: it leaves the open list and stays on record.
    const resolved = await call('POST', `/api/admin/payments/discrepancies/${cent.discrepancy}/resolve`, { token: a.token });
    expect(resolved.status).toBe(200);
    expect(resolved.body.data.resolved_at).toEqual(expect.any(String));
    const open = (await call('GET', '/api/admin/payments/discrepancies', { token: a.token })).body.data;
    expect(open.some((d: { id: number }) => d.id === cent.discrepancy)).toBe(false);

    // The reconciliation lists what the provider never captured (that late charge exists only in our ledger here).
    const run = await call('POST', '/api/admin/payments/reconciliations', { token: a.token });
    expect(run.status).toBe(201);
    expect(run.body.data).toMatchObject({ engine: 'embedded', status: 'succeeded' });
    expect(run.body.data.items).toContainEqual(expect.objectContaining({ kind: 'missing_at_provider', provider_ref: `pi_m_${attempt.id}` }));
    const after = await page('/admin', a.cookie);
    expect(after.html).toContain('Missing at the provider');
  });

  it('never records a refund above the charge, and a dashboard refund racing a cancellation refunds the charge once', async () => {
    const { brand, hiring, campaign } = await seedHire({ fees: [30_000, 10_000] });
    const card = await saveCard(brand);
    const charge = (await fund(brand, { hiring_ids: [hiring.id], card_id: card.id })).body.data.transaction;
    const db = await getDb();
    const [row] = await db.select().from(transactions).where(eq(transactions.code, charge.code));
    const refunded = (amount_refunded: number, over: Record<string, unknown> = {}) =>
      webhook('charge.refunded', {
        id: `ch_m_${row!.id}`,
        object: 'charge',
        payment_intent: row!.provider_ref,
        amount: 40_000,
        amount_captured: 40_000,
        amount_refunded,
        currency: 'usd',
        refunds: { data: [{ id: `re_dash_${row!.id}` }] },
        ...over,
      });
    const huge = await refunded(532_670);
    expect(huge).toMatchObject({ applied: false, discrepancy: expect.any(Number) });
    expect((await ledgerOf(brand.id)).filter((t) => t.kind === 'refund')).toHaveLength(0);
    expect(await campaignSpent(campaign.id)).toBe(40_000);
    expect((await refunded(100, { payment_intent: 'pi_not_ours' })).discrepancy).toBeDefined();

    // The whole charge is refunded in the dashboard while the brand cancels the $300 job: $400 comes back, never more.
    const [big] = hiring.job_ids;
    const [event, cancel] = await Promise.all([refunded(40_000), call('POST', `/api/brand/jobs/${big}/cancel`, { token: brand.token })]);
    expect(event.discrepancy).toBeUndefined();
    expect(cancel.status).toBe(200);
    const total = async () => (await ledgerOf(brand.id)).filter((t) => t.kind === 'refund').reduce((s, t) => s + t.fee, 0);
    expect(await eventually(total, (t) => t === 40_000)).toBe(40_000);
    const [request] = await db.select().from(refundRequests).where(eq(refundRequests.job_id, big!));
    await eventually(
      async () => (await db.select().from(refundRequests).where(eq(refundRequests.id, request!.id)))[0]!.status,
      (s) => s === 'succeeded',
    );
    // Cancelling the other job now gives nothing more back: the charge is already refunded whole.
    await call('POST', `/api/brand/jobs/${hiring.job_ids[1]}/cancel`, { token: brand.token });
    await eventually(
      async () => (await db.select().from(hirings).where(eq(hirings.id, hiring.id)))[0]!.status,
      (s) => s === 'cancelled',
    );
    expect(await total()).toBe(40_000);
    expect(await campaignSpent(campaign.id)).toBe(0);
  });

  it('refunds a job once when two cancellations race', async () => {
    const { brand, hiring } = await seedHire({ fees: [25_000] });
    const card = await saveCard(brand);
    expect((await fund(brand, { hiring_ids: [hiring.id], card_id: card.id })).status).toBe(200);
    const job = hiring.job_ids[0]!;
    const results = await Promise.all([1, 2, 3].map(() => call('POST', `/api/brand/jobs/${job}/cancel`, { token: brand.token })));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const refunds = await eventually(
      async () => (await ledgerOf(brand.id)).filter((t) => t.kind === 'refund'),
      (r) => r.length > 0,
    );
    await new Promise((r) => setTimeout(r, 500));
    expect((await ledgerOf(brand.id)).filter((t) => t.kind === 'refund')).toHaveLength(1);
    expect(refunds[0]!.fee).toBe(25_000);
  });
});

describe('[PAYMENTS] payouts of an amount', () => {
  it('pays the amount asked, 422 above the balance, all of it without an amount, and two racing payouts never pay more than the balance', async () => {
    const { brand, podcaster, hiring } = await seedHire({ fees: [30_000, 20_000] });
    const card = await saveCard(brand);
    expect((await fund(brand, { hiring_ids: [hiring.id], card_id: card.id })).status).toBe(200);
    const db = await getDb();
    for (const job of hiring.job_ids) await db.transaction((tx) => releaseJobFunds(tx, job));
    // $500 of fees less the 10 % service fee: $450 available.
    // A connected payout account, as the embedded provider's Stripe Connect page stores it.
    await db
      .update(users)
      .set({ payouts_connect: { provider: 'stripe', account_id: `acct_test_payout_${podcaster.id}`, connected_at: new Date().toISOString() } })
      .where(eq(users.id, podcaster.id));
    const pay = (body: Record<string, unknown>) => call('POST', '/api/payouts', { token: podcaster.token, body });
    const above = await pay({ amount: 45_001 });
    expect(above.status).toBe(422);
    expect(above.body.errors.amount).toEqual(['The amount must not be more than your available balance of $450.']);
    expect((await pay({ amount: 0 })).body.errors.amount).toBeDefined();
    expect((await pay({ amount: 'lots' })).status).toBe(422);
    const part = await pay({ amount: 10_000 });
    expect(part.status, JSON.stringify(part.body)).toBe(201);
    expect(part.body.data).toMatchObject({ kind: 'payout', fee: 10_000 });
    expect((await call('GET', '/api/earnings', { token: podcaster.token })).body.data.available).toBe(35_000);

    // Two payouts of $200 race for the $350 left: one is paid, the other is refused.
    const raced = await Promise.all([pay({ amount: 20_000 }), pay({ amount: 20_000 })]);
    expect(raced.map((r) => r.status).sort()).toEqual([201, 422]);
    const rest = await pay({});
    expect(rest.body.data.fee).toBe(15_000);
    const payouts = (await ledgerOf(podcaster.id)).filter((t) => t.kind === 'payout');
    expect(payouts.map((t) => t.fee).sort((a, b) => a - b)).toEqual([10_000, 15_000, 20_000]);
    expect((await call('GET', '/api/earnings', { token: podcaster.token })).body.data).toMatchObject({ available: 0, paid_out: 45_000 });
    expect((await pay({})).body.errors.amount).toEqual(['There is nothing to pay out yet.']);
  });
});

describe('[PAYMENTS] coupon rules', () => {
  it('enforces uses per brand, first hire only, total uses (two fundings racing for the last use) and expiry, at check and at funding', async () => {
    const once = await coupon({ percent_off: 10, max_per_brand: 1 });
    const first = await coupon({ amount_off: 5_000, first_hire_only: true });
    const last = await coupon({ percent_off: 5, max_redemptions: 1 });
    const check = (brand: SeededUser, code: string) => call('POST', '/api/coupons/check', { token: brand.token, body: { code } });

    const a = await seedHire({ fees: [30_000] });
    const cardA = await saveCard(a.brand);
    expect((await check(a.brand, first)).body.data).toMatchObject({ amount_off: 5_000, rules: 'First hire only' });
    expect((await check(a.brand, once)).body.data.rules).toBe('Once per brand');
    const funded = await fund(a.brand, { hiring_ids: [a.hiring.id], card_id: cardA.id, coupon: once });
    expect(funded.body.data.transaction.fee).toBe(27_000);
    // Used once by this brand; the first hire is behind it.
    expect((await check(a.brand, once)).body.errors.code).toEqual(['You have already used this coupon.']);
    expect((await check(a.brand, first)).body.errors.code).toEqual(['This coupon is only for a brand’s first hire.']);
    const second = await seedHire({ brand: a.brand, fees: [20_000] });
    expect((await fund(a.brand, { hiring_ids: [second.hiring.id], card_id: cardA.id, coupon: once })).body.errors.coupon).toEqual([
      'You have already used this coupon.',
    ]);
    expect((await fund(a.brand, { hiring_ids: [second.hiring.id], card_id: cardA.id, coupon: first })).body.errors.coupon).toEqual([
      'This coupon is only for a brand’s first hire.',
    ]);

    // Two brands race for the last use of a single-use code: one gets it.
    const b = await seedHire({ fees: [30_000] });
    const c = await seedHire({ fees: [30_000] });
    const [cardB, cardC] = await Promise.all([saveCard(b.brand), saveCard(c.brand)]);
    const raced = await Promise.all([
      fund(b.brand, { hiring_ids: [b.hiring.id], card_id: cardB.id, coupon: last }),
      fund(c.brand, { hiring_ids: [c.hiring.id], card_id: cardC.id, coupon: last }),
    ]);
    expect(raced.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(raced.find((r) => r.status === 422)!.body.errors.coupon).toEqual(['This coupon has been used up.']);
    expect((await ledgerOf(b.brand.id)).length + (await ledgerOf(c.brand.id)).length).toBe(1);

    // Another brand's first hire takes the first-hire coupon.
    const d = await seedHire({ fees: [30_000] });
    const cardD = await saveCard(d.brand);
    expect((await fund(d.brand, { hiring_ids: [d.hiring.id], card_id: cardD.id, coupon: first })).body.data.transaction.fee).toBe(25_000);

    // Expired.
    const expiring = await coupon({ percent_off: 10, expires_at: new Date(Date.now() + 60_000).toISOString() });
    const db = await getDb();
    await db
      .update(coupons)
      .set({ expires_at: new Date(Date.now() - 86_400_000) })
      .where(eq(coupons.code, expiring));
    expect((await check(d.brand, expiring)).body.errors.code[0]).toMatch(/^This coupon expired on /);
    const bad = await call('POST', '/api/admin/coupons', {
      token: (await admin()).token,
      body: { code: 'RULES-BAD', percent_off: 5, max_redemptions: 1, max_per_brand: 2 },
    });
    expect(bad.body.errors.max_per_brand).toEqual(['The uses per brand cannot be more than the total number of uses.']);
  });

  it('funds a hire a coupon covers whole without a charge or a refund in the ledger', async () => {
    const free = await coupon({ percent_off: 100 });
    const { brand, podcaster, hiring, campaign } = await seedHire({ fees: [30_000, 10_000] });
    const card = await saveCard(brand);
    const res = await fund(brand, { hiring_ids: [hiring.id], card_id: card.id, coupon: free });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.transaction).toBeNull();
    expect(res.body.data.hirings[0]).toMatchObject({ id: hiring.id, status: 'funded' });
    expect(await ledgerOf(brand.id)).toHaveLength(0);
    expect((await call('GET', '/api/earnings', { token: podcaster.token })).body.data.pending).toBe(36_000);
    const confirmation = await page(`/hirings/confirmation?hirings=${hiring.id}`, brand.cookie);
    expect(confirmation.html).toContain('nothing was charged');

    // Cancelling its jobs gives nothing back and writes nothing; the hire is cancelled.
    for (const job of hiring.job_ids) expect((await call('POST', `/api/brand/jobs/${job}/cancel`, { token: brand.token })).status).toBe(200);
    const db = await getDb();
    await eventually(
      async () => (await db.select().from(hirings).where(eq(hirings.id, hiring.id)))[0]!.status,
      (s) => s === 'cancelled',
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(await ledgerOf(brand.id)).toHaveLength(0);
    expect(await campaignSpent(campaign.id)).toBe(0);
    expect((await call('GET', '/api/earnings', { token: podcaster.token })).body.data.pending).toBe(0);
  });
});

describe('[PAYMENTS] hiring past the budget', () => {
  it('answers 422 naming the remaining budget unless confirmed, and two hires racing cannot both pass it unconfirmed', async () => {
    const { brand, campaign } = await seedHire({ fees: [300_000] });
    // The campaign's budget is $5,000 and $3,000 is hired: $2,000 is left.
    const db = await getDb();
    const { seedPodcast } = await import('../support/builders');
    const { seedProposal } = await import('../support/campaign-builders');
    const proposal = async (fee: number) => {
      const podcaster = await seedUser({ type: 'PODCASTER' });
      const { podcast } = await seedPodcast(podcaster.id, { title: `Show ${++n}` });
      return (await seedProposal(campaign.id, podcast.id, [{ fee, description: 'Mid-roll' }])).jobs.map((j) => j.id);
    };
    const big = await proposal(250_000);
    const refused = await call('POST', '/api/brand/hirings', { token: brand.token, body: { job_ids: big } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.confirm_over_budget).toEqual([
      `This hire of $2,500 is more than the $2,000 left of the $5,000 budget of “${campaign.title}”. Confirm to hire past the budget.`,
    ]);
    expect(
      await db
        .select()
        .from(hirings)
        .where(and(eq(hirings.campaign_id, campaign.id), eq(hirings.status, 'new'))),
    ).toHaveLength(1);
    const confirmed = await call('POST', '/api/brand/hirings', { token: brand.token, body: { job_ids: big, confirm_over_budget: true } });
    expect(confirmed.status).toBe(201);

    // A fresh budget of $1,000 more: two $600 hires race; one fits, the other needs a confirmation.
    await db.update(campaigns).set({ budget: 650_000 }).where(eq(campaigns.id, campaign.id));
    const [x, y] = await Promise.all([proposal(60_000), proposal(60_000)]);
    const raced = await Promise.all([x, y].map((ids) => call('POST', '/api/brand/hirings', { token: brand.token, body: { job_ids: ids } })));
    expect(raced.map((r) => r.status).sort()).toEqual([201, 422]);
    expect(raced.find((r) => r.status === 422)!.body.errors.confirm_over_budget[0]).toContain('the $400 left');
    const all = await db.select().from(hirings).where(eq(hirings.campaign_id, campaign.id));
    const hired = all.filter((h) => h.job_ids.some((j) => [...x!, ...y!].includes(j)));
    expect(hired).toHaveLength(1);
  });
});
