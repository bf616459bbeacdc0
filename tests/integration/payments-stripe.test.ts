/**
 * The real-Stripe engine: the official SDK pointed (STRIPE_API_BASE) at a small local stand-in of
 * the few Stripe calls we make, so the SDK's requests, idempotency keys, errors and webhook
 * signatures are exercised without a network.
 */
import Stripe from 'stripe';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshEnvironment, seedPodcast, seedUser } from './support';

interface Seen {
  method: string;
  path: string;
  body: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
}

/** The stand-in: answers customers, payment methods, payment intents, refunds, transfers and payouts like Stripe's test mode. */
class StripeStandIn {
  seen: Seen[] = [];
  /** 'down': every payment intent answers 500; 'lost': the intent succeeds but the answer is a 500. */
  mode: 'ok' | 'down' | 'lost' = 'ok';
  intents = new Map<string, { id: string; amount: number; metadata: Record<string, string> }>();
  /** What the stand-in did, for its list endpoints (the reconciliation reads them). */
  refunds: Record<string, unknown>[] = [];
  transfers: Record<string, unknown>[] = [];
  private server: Server | null = null;
  private n = 0;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        const body = new URLSearchParams(raw);
        const path = (req.url ?? '').split('?')[0]!;
        this.seen.push({ method: req.method!, path, body, headers: req.headers });
        const send = (status: number, data: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++this.n}` });
          res.end(JSON.stringify(data));
        };
        const cardError = (message: string, code: string) => send(402, { error: { type: 'card_error', code, decline_code: code, message } });
        const metadata = Object.fromEntries([...body.entries()].filter(([k]) => k.startsWith('metadata[')).map(([k, v]) => [k.slice(9, -1), v]));
        if (path === '/v1/customers') return send(200, { id: `cus_${++this.n}`, object: 'customer', email: body.get('email') });
        const attach = /^\/v1\/payment_methods\/([^/]+)\/(attach|detach)$/.exec(path);
        if (attach) {
          if (attach[1] === 'pm_card_visa_chargeDeclined') return cardError('Your card was declined.', 'card_declined');
          return send(200, {
            id: attach[1],
            object: 'payment_method',
            type: 'card',
            card: {
              brand: 'visa',
              last4: attach[1]!.includes('Insufficient') ? '9995' : '4242',
              exp_month: 12,
              exp_year: 2031,
              fingerprint: `fp_${attach[1]}`,
            },
          });
        }
        const created = Math.floor(Date.now() / 1000) - 3600;
        const list = (data: unknown[]) => send(200, { object: 'list', data, has_more: false, url: path });
        if (req.method === 'GET' && path === '/v1/payment_intents')
          return list(
            [...this.intents.values()].map((i) => ({
              ...i,
              object: 'payment_intent',
              status: 'succeeded',
              amount_received: i.amount,
              currency: 'usd',
              created,
            })),
          );
        if (req.method === 'GET' && path === '/v1/refunds') return list(this.refunds.map((r) => ({ ...r, created })));
        if (req.method === 'GET' && path === '/v1/transfers') return list(this.transfers.map((t) => ({ ...t, created })));
        if (path === '/v1/payment_intents') {
          const key = String(req.headers['idempotency-key']);
          if (this.mode === 'down') return send(500, { error: { type: 'api_error', message: 'Stripe is having a bad day.' } });
          if (body.get('payment_method') === 'pm_card_chargeDeclinedInsufficientFunds')
            return cardError('Your card has insufficient funds.', 'insufficient_funds');
          const intent = this.intents.get(key) ?? { id: `pi_${++this.n}`, amount: Number(body.get('amount')), metadata };
          this.intents.set(key, intent);
          if (this.mode === 'lost') return send(500, { error: { type: 'api_error', message: 'The answer was lost on the way.' } });
          return send(200, { ...intent, object: 'payment_intent', status: 'succeeded', currency: 'usd' });
        }
        if (path === '/v1/refunds') {
          const refund = {
            id: `re_${++this.n}`,
            object: 'refund',
            amount: Number(body.get('amount')),
            payment_intent: body.get('payment_intent'),
            currency: 'usd',
            status: 'succeeded',
          };
          this.refunds.push(refund);
          return send(200, refund);
        }
        if (path === '/v1/transfers') {
          const transfer = {
            id: `tr_${++this.n}`,
            object: 'transfer',
            amount: Number(body.get('amount')),
            amount_reversed: 0,
            currency: 'usd',
            destination: body.get('destination'),
            transfer_group: body.get('transfer_group'),
          };
          this.transfers.push(transfer);
          return send(200, transfer);
        }
        if (path === '/v1/payouts') return send(200, { id: `po_${++this.n}`, object: 'payout', amount: Number(body.get('amount')) });
        return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such route ${path}` } });
      });
    });
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', r));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  calls(path: string): Seen[] {
    return this.seen.filter((s) => s.path === path);
  }

  close(): Promise<void> {
    return new Promise((r) => this.server!.close(() => r()));
  }
}

const WEBHOOK_SECRET = 'whsec_stand_in';
const stripe = new StripeStandIn();
let env: { cleanup(): void };

beforeAll(async () => {
  const origin = await stripe.start();
  env = freshEnvironment('');
  Object.assign(process.env, {
    STRIPE_SECRET_KEY: 'sk_test_stand_in',
    STRIPE_API_BASE: origin,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_TIMEOUT_MS: '3000',
  });
  const { migrateWithQueue: migrate } = await import('../../src/lib/server/jobs/migrate-all');
  await migrate();
  // Funding starts the jobs in the charge's transaction through delivery's handler, which boot registers.
  const { registerJobSteps } = await import('../../src/lib/server/delivery');
  registerJobSteps();
});

afterAll(async () => {
  const { closeDb } = await import('../../src/lib/server/db/client');
  await closeDb();
  await stripe.close();
  for (const k of ['STRIPE_SECRET_KEY', 'STRIPE_API_BASE', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_TIMEOUT_MS']) delete process.env[k];
  env.cleanup();
});

/** A brand's new hire of a $300 and a $200 spot. */
async function newHire() {
  const { getDb } = await import('../../src/lib/server/db/client');
  const { campaigns, hirings, packageJobs, packages, podcasters } = await import('../../src/lib/server/db/schema');
  const db = await getDb();
  const brand = await seedUser('BRAND');
  const podcaster = await seedUser('PODCASTER');
  await db.insert(podcasters).values({ user_id: podcaster.id, is_completed: true });
  const podcast = await seedPodcast(podcaster.id, 'https://feeds.example.com/show.rss');
  const [campaign] = await db.insert(campaigns).values({ brand_user_id: brand.id, title: 'Ember Launch', is_approved: true }).returning();
  const [pkg] = await db
    .insert(packages)
    .values({ podcast_id: podcast.id, podcaster_user_id: podcaster.id, campaign_id: campaign!.id, status: 'hired', total_price: 50_000 })
    .returning();
  const jobs = await db
    .insert(packageJobs)
    .values([
      { package_id: pkg!.id, fee: 30_000, description: 'Mid-roll' },
      { package_id: pkg!.id, fee: 20_000, description: 'Host-read' },
    ])
    .returning();
  const [hiring] = await db
    .insert(hirings)
    .values({
      campaign_id: campaign!.id,
      brand_user_id: brand.id,
      podcast_id: podcast.id,
      podcaster_user_id: podcaster.id,
      package_id: pkg!.id,
      total_price: 50_000,
      job_ids: jobs.map((j) => j.id),
    })
    .returning();
  return { brand, podcaster, hiring: hiring!, jobs };
}

async function expectHttpError(promise: Promise<unknown>, status: number): Promise<{ message: string; errors?: Record<string, string[]> }> {
  const { HttpError } = await import('../../src/lib/server/http');
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  expect((error as InstanceType<typeof HttpError>).status).toBe(status);
  return error as InstanceType<typeof HttpError>;
}

describe('[PAYMENTS] the Stripe engine, through the official SDK', () => {
  it('saves a card on a customer, charges once with our idempotency key, refunds and pays out', async () => {
    const { addCard } = await import('../../src/lib/server/payments/cards');
    const { fundHirings } = await import('../../src/lib/server/payments/fund-hirings');
    const { processRefund } = await import('../../src/lib/server/payments/refund-job-funds');
    const { refundJobFunds, releaseJobFunds } = await import('../../src/lib/server/payments');
    const { requestPayout } = await import('../../src/lib/server/payments/request-payout');
    const { getDb } = await import('../../src/lib/server/db/client');
    const { refundRequests, users } = await import('../../src/lib/server/db/schema');
    const { brand, podcaster, hiring, jobs } = await newHire();

    const declined = await expectHttpError(addCard(brand, { payment_method: 'pm_card_visa_chargeDeclined' }), 422);
    expect(declined.errors).toEqual({ number: ['Your card was declined.'] });
    await expectHttpError(addCard(brand, { number: '4242424242424242' }), 422);
    const card = await addCard(brand, { payment_method: 'pm_card_visa' });
    expect(card).toMatchObject({ type: 'visa', last_four: '4242', is_default: true });
    expect(stripe.calls('/v1/customers')).toHaveLength(1);
    expect(stripe.calls('/v1/payment_methods/pm_card_visa/attach')[0]!.body.get('customer')).toMatch(/^cus_/);

    const funded = await fundHirings(brand, { hiring_ids: [hiring.id], card_id: card.id });
    expect(funded.transaction).toMatchObject({ kind: 'charge', fee: 50_000, source: 'Visa •••• 4242' });
    const intentCall = stripe.calls('/v1/payment_intents').at(-1)!;
    expect(intentCall.headers['idempotency-key']).toMatch(/^cuepoint-fund-\d+$/);
    expect(intentCall.body.get('amount')).toBe('50000');
    expect(intentCall.body.get('confirm')).toBe('true');
    expect(intentCall.body.get('metadata[hiring_ids]')).toBe(String(hiring.id));
    const intentId = [...stripe.intents.values()].at(-1)!.id;

    // Release one job, refund the other through Stripe.
    const db = await getDb();
    await db.transaction((tx) => releaseJobFunds(tx, jobs[0]!.id));
    await db.transaction((tx) => refundJobFunds(tx, jobs[1]!.id));
    const [request] = await db.select().from(refundRequests).where(eq(refundRequests.job_id, jobs[1]!.id));
    const refund = await processRefund(request!.id);
    expect(refund).toMatchObject({ kind: 'refund', fee: 20_000 });
    expect(refund!.provider_ref).toMatch(/^re_/);
    const refundCall = stripe.calls('/v1/refunds')[0]!;
    expect(refundCall.body.get('payment_intent')).toBe(intentId);
    expect(refundCall.body.get('amount')).toBe('20000');
    expect(refundCall.headers['idempotency-key']).toBe(`cuepoint-refund-${request!.id}`);
    // Processing the same refund again changes nothing.
    expect((await processRefund(request!.id))!.id).toBe(refund!.id);
    expect(stripe.calls('/v1/refunds')).toHaveLength(1);

    // The podcaster's $270 goes out: a transfer to the connected account and a payout on it.
    await db
      .update(users)
      .set({ payouts_connect: { provider: 'stripe', account_id: 'acct_1StandIn', connected_at: new Date().toISOString() } })
      .where(eq(users.id, podcaster.id));
    const payout = await requestPayout(podcaster);
    expect(payout).toMatchObject({ kind: 'payout', fee: 27_000, source: 'Stripe account ••••ndIn' });
    expect(stripe.calls('/v1/transfers')[0]!.body.get('destination')).toBe('acct_1StandIn');
    expect(stripe.calls('/v1/payouts')[0]!.headers['stripe-account']).toBe('acct_1StandIn');
    await expectHttpError(requestPayout(podcaster), 422);

    // The reconciliation reads Stripe's lists through the SDK and finds the ledger in agreement.
    const { reconcilePayments } = await import('../../src/lib/server/payments');
    const clean = await reconcilePayments({ trigger: 'command' });
    expect(clean.differences).toEqual([]);
    expect(clean.reconciliation).toMatchObject({ engine: 'stripe', status: 'succeeded', checked: { charges: 1, refunds: 1, payouts: 1 } });
    // A charge Stripe says it captured for another amount is listed.
    stripe.intents.get(intentCall.headers['idempotency-key'] as string)!.amount = 49_999;
    const off = await reconcilePayments({ trigger: 'command' });
    expect(off.differences.map((d) => [d.kind, d.provider_ref])).toEqual([['amount_mismatch', intentId]]);
    stripe.intents.get(intentCall.headers['idempotency-key'] as string)!.amount = 50_000;
  });

  it('leaves the hire new and nothing written when Stripe fails, and a declined card changes nothing', async () => {
    const { addCard } = await import('../../src/lib/server/payments/cards');
    const { fundHirings } = await import('../../src/lib/server/payments/fund-hirings');
    const { getDb } = await import('../../src/lib/server/db/client');
    const { hirings, jobFunds, transactions } = await import('../../src/lib/server/db/schema');
    const { PAYMENT_FAILED } = await import('../../src/lib/payments');
    const { brand, hiring } = await newHire();
    const db = await getDb();
    const card = await addCard(brand, { payment_method: 'pm_card_visa' });
    const poor = await addCard(brand, { payment_method: 'pm_card_chargeDeclinedInsufficientFunds' });

    const broke = await expectHttpError(fundHirings(brand, { hiring_ids: [hiring.id], card_id: poor.id }), 422);
    expect(broke.errors).toEqual({ card_id: ['Your card has insufficient funds.'] });

    stripe.mode = 'down';
    const failed = await expectHttpError(fundHirings(brand, { hiring_ids: [hiring.id], card_id: card.id }), 502);
    expect(failed.message).toBe(PAYMENT_FAILED);
    expect((await db.select().from(hirings).where(eq(hirings.id, hiring.id)))[0]!.status).toBe('new');
    expect(await db.select().from(transactions).where(eq(transactions.user_id, brand.id))).toHaveLength(0);
    expect(await db.select().from(jobFunds).where(eq(jobFunds.hiring_id, hiring.id))).toHaveLength(0);

    // Stripe is back: the same hire funds now.
    stripe.mode = 'ok';
    expect((await fundHirings(brand, { hiring_ids: [hiring.id], card_id: card.id })).transaction!.fee).toBe(50_000);
  });

  it('applies a charge whose answer was lost when Stripe’s signed webhook reports it, once', async () => {
    const { addCard } = await import('../../src/lib/server/payments/cards');
    const { fundHirings } = await import('../../src/lib/server/payments/fund-hirings');
    const { handleStripeWebhook } = await import('../../src/lib/server/payments/stripe-webhook');
    const { getDb } = await import('../../src/lib/server/db/client');
    const { hirings, transactions } = await import('../../src/lib/server/db/schema');
    const { brand, hiring } = await newHire();
    const db = await getDb();
    const card = await addCard(brand, { payment_method: 'pm_card_visa' });

    stripe.mode = 'lost';
    await expectHttpError(fundHirings(brand, { hiring_ids: [hiring.id], card_id: card.id }), 502);
    stripe.mode = 'ok';
    expect((await db.select().from(hirings).where(eq(hirings.id, hiring.id)))[0]!.status).toBe('new');
    const intent = [...stripe.intents.values()].at(-1)!;

    const event = (id: string) => {
      const payload = JSON.stringify({
        id,
        object: 'event',
        type: 'payment_intent.succeeded',
        data: {
          object: {
            id: intent.id,
            object: 'payment_intent',
            amount: intent.amount,
            amount_received: intent.amount,
            currency: 'usd',
            status: 'succeeded',
            metadata: intent.metadata,
          },
        },
      });
      return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) };
    };
    const bad = event('evt_forged');
    await expectHttpError(handleStripeWebhook(bad.payload, Stripe.webhooks.generateTestHeaderString({ payload: bad.payload, secret: 'whsec_other' })), 400);
    await expectHttpError(handleStripeWebhook(bad.payload, null), 400);
    expect((await db.select().from(hirings).where(eq(hirings.id, hiring.id)))[0]!.status).toBe('new');

    const first = event('evt_lost_answer');
    expect(await handleStripeWebhook(first.payload, first.signature)).toEqual({ received: true, type: 'payment_intent.succeeded', applied: true });
    expect((await db.select().from(hirings).where(eq(hirings.id, hiring.id)))[0]!.status).toBe('funded');
    const charges = await db.select().from(transactions).where(eq(transactions.user_id, brand.id));
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ kind: 'charge', fee: 50_000, provider_ref: intent.id });
    // Replayed, or resent under a new id: nothing changes.
    expect((await handleStripeWebhook(first.payload, first.signature)).applied).toBe(false);
    const again = event('evt_lost_answer_retry');
    expect((await handleStripeWebhook(again.payload, again.signature)).applied).toBe(false);
    expect(await db.select().from(transactions).where(eq(transactions.user_id, brand.id))).toHaveLength(1);
  });
});
