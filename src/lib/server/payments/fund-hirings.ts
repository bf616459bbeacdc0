/**
 * Funding (issue 11 §3): the brand pays for new hirings with a saved card, minus a coupon. Stripe's
 * "atomic phases": (1) one transaction locks the hirings (SELECT … FOR UPDATE), checks them, reserves
 * the coupon and records the attempt with a claim on each hiring, so a second request for the same
 * hirings is refused before anything is charged; (2) the provider charges once (the attempt's
 * idempotency key); (3) one transaction writes the charge to the ledger, the escrow of each job, the
 * jobs funded and in progress and the hirings funded, or, when the charge failed, gives the claims and
 * the coupon back: the hirings stay `new` and nothing is half-written. Amounts come from the jobs.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { getDb, type Tx, campaigns, cards, coupons, fundAttempts, fundClaims, hirings, jobFunds, packageJobs, refundRequests, transactions } from '../db';
import { runDealTxStep } from '../domain-events';
import { fieldError, HttpError, validate } from '../http';
import type { SessionUser } from '../users';
import { transitionHiring, type HiringRow, serializeHirings } from '../marketplace';
import { cardLabel, couponDiscount, MINIMUM_CHARGE, PAYMENT_FAILED, splitDiscount, type TransactionPayload } from '../../payments';
import { billableJobsOf, proposalTotal } from '../../proposal-total';
import type { HiringPayload } from '../../campaign-types';
import { enqueue } from '../jobs';
import { recordRedemption, redeemCoupon, releaseCoupon, reserveCoupon } from './coupons';
import { appendTransaction, type TransactionRow } from './ledger';
import { CardError, paymentProvider } from './provider';
import { serializeTransactions } from './list-transactions';

/** A claim older than this belongs to a request that died; a new attempt may take the hiring over. */
const CLAIM_TTL_MS = 10 * 60_000;

export const fundSchema = z.object({
  hiring_ids: z
    .array(z.coerce.number().int().positive(), { error: 'Choose the hires to fund.' })
    .min(1, 'Choose at least one hire to fund.')
    .max(50, 'Fund at most 50 hires at once.'),
  card_id: z.coerce.number({ error: 'Choose a card.' }).int().positive('Choose a card.'),
  coupon: z.string().trim().max(64).nullish(),
});

export interface FundResult {
  /** The charge; null when nothing was charged (a coupon covered the whole amount). */
  transaction: TransactionPayload | null;
  hirings: HiringPayload[];
}

export type FundAttemptRow = typeof fundAttempts.$inferSelect;

/** A funding attempt as recorded (what we asked the provider to charge), for the webhook's comparison. */
export async function findFundAttempt(attemptId: number): Promise<FundAttemptRow | null> {
  const db = await getDb();
  const [row] = await db.select().from(fundAttempts).where(eq(fundAttempts.id, attemptId));
  return row ?? null;
}

type JobRow = typeof packageJobs.$inferSelect;

/** The billable jobs of each hiring (a hired multi-episode item stands for its episodes). */
async function jobsOf(tx: Tx, rows: HiringRow[]): Promise<Map<number, JobRow[]>> {
  const jobs = rows.length
    ? await tx
        .select()
        .from(packageJobs)
        .where(inArray(packageJobs.package_id, [...new Set(rows.map((h) => h.package_id))]))
    : [];
  return new Map(rows.map((h) => [h.id, billableJobsOf(jobs, h.job_ids)]));
}

/** Phase 1: checks and claims the hirings, reserves the coupon, records the attempt. */
async function startAttempt(user: SessionUser, input: z.infer<typeof fundSchema>) {
  const ids = [...new Set(input.hiring_ids)].sort((a, b) => a - b);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(hirings)
      .where(and(inArray(hirings.id, ids), eq(hirings.brand_user_id, user.id)))
      .orderBy(hirings.id)
      .for('update');
    if (rows.length !== ids.length) throw fieldError('hiring_ids', 'The selected hires are invalid.');
    if (rows.some((h) => h.status === 'funded' || h.status === 'completed')) throw fieldError('hiring_ids', 'This hire is already funded.');
    if (rows.some((h) => h.status !== 'new')) throw fieldError('hiring_ids', 'A cancelled hire cannot be funded.');

    const claims = await tx
      .select({ claim: fundClaims, attempt: fundAttempts })
      .from(fundClaims)
      .innerJoin(fundAttempts, eq(fundAttempts.id, fundClaims.attempt_id))
      .where(inArray(fundClaims.hiring_id, ids));
    const stale = new Date(Date.now() - CLAIM_TTL_MS);
    if (claims.some((c) => c.claim.created_at > stale)) throw fieldError('hiring_ids', 'A payment for this hire is already in progress.');
    for (const { attempt } of claims) await failAttemptIn(tx, attempt.id, 'Abandoned: the request that started it never finished.');

    const [card] = await tx
      .select()
      .from(cards)
      .where(and(eq(cards.id, input.card_id), eq(cards.user_id, user.id)));
    if (!card?.provider_id) throw fieldError('card_id', 'Choose one of your saved cards.');

    const byHiring = await jobsOf(tx, rows);
    for (const h of rows) {
      const jobs = byHiring.get(h.id)!;
      if (jobs.length === 0) throw fieldError('hiring_ids', 'This hire has no jobs left to fund.');
      if (jobs.some((j) => j.status !== 'pending')) throw fieldError('hiring_ids', 'This hire has jobs that already started.');
    }
    const subtotal = rows.reduce((s, h) => s + proposalTotal(byHiring.get(h.id)!), 0);
    const coupon = input.coupon ? await reserveCoupon(tx, input.coupon, user.id) : null;
    const discount = couponDiscount(coupon, subtotal);
    const amount = subtotal - discount;
    if (amount > 0 && amount < MINIMUM_CHARGE) throw fieldError('coupon', 'With this coupon the total is below the $0.50 a card can be charged.');

    const [attempt] = await tx
      .insert(fundAttempts)
      .values({ brand_user_id: user.id, hiring_ids: ids, card_id: card.id, coupon_id: coupon?.id ?? null, subtotal, discount, amount })
      .returning();
    await tx.insert(fundClaims).values(ids.map((hiring_id) => ({ hiring_id, attempt_id: attempt!.id })));
    if (coupon) await recordRedemption(tx, coupon.id, user.id, attempt!.id);
    const [campaign] = await tx.select({ title: campaigns.title }).from(campaigns).where(eq(campaigns.id, rows[0]!.campaign_id));
    return { attempt: attempt!, card, description: `Cuepoint: ${campaign?.title ?? 'hires'} (${ids.length} hire${ids.length === 1 ? '' : 's'})` };
  });
}

/** Marks a started attempt failed inside a transaction: its claims and its coupon reservation are given back. Answers whether it changed. */
async function failAttemptIn(tx: Tx, attemptId: number, error: string): Promise<boolean> {
  const [attempt] = await tx.select().from(fundAttempts).where(eq(fundAttempts.id, attemptId)).for('update');
  if (attempt?.status !== 'started') return false;
  await tx.update(fundAttempts).set({ status: 'failed', error }).where(eq(fundAttempts.id, attemptId));
  await tx.delete(fundClaims).where(eq(fundClaims.attempt_id, attemptId));
  if (attempt.coupon_id) await releaseCoupon(tx, attempt.id);
  return true;
}

/** Phase 3 of a failed charge (also the webhook's payment_intent.payment_failed); answers whether it changed anything. */
export async function failFunding(attemptId: number, error: string): Promise<boolean> {
  const db = await getDb();
  return db.transaction((tx) => failAttemptIn(tx, attemptId, error));
}

export type AppliedFunding = { transaction: TransactionRow | null; hirings: HiringRow[]; applied: boolean } | null;

/**
 * Phase 3 of a charge that went through (also the webhook's payment_intent.succeeded): the ledger row,
 * the escrow of each job, the jobs funded and started, the hirings funded. Idempotent: a second call
 * for the same attempt answers the first one's result. Answers null when the hirings were funded by
 * another attempt meanwhile: this charge is then recorded and refunded in full.
 */
export async function applyFunding(attemptId: number, providerRef: string | null): Promise<AppliedFunding> {
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    const [attempt] = await tx.select().from(fundAttempts).where(eq(fundAttempts.id, attemptId)).for('update');
    if (!attempt) return null;
    const rows = await tx.select().from(hirings).where(inArray(hirings.id, attempt.hiring_ids)).orderBy(hirings.id).for('update');
    if (attempt.status === 'succeeded') {
      const [done] = attempt.transaction_id ? await tx.select().from(transactions).where(eq(transactions.id, attempt.transaction_id)) : [];
      return { transaction: done ?? null, hirings: rows, applied: false };
    }
    const [card] = attempt.card_id ? await tx.select().from(cards).where(eq(cards.id, attempt.card_id)) : [];
    const [coupon] = attempt.coupon_id ? await tx.select({ code: coupons.code }).from(coupons).where(eq(coupons.id, attempt.coupon_id)) : [];
    const entry = {
      kind: 'charge' as const,
      user_id: attempt.brand_user_id,
      fee: attempt.amount,
      status: 'succeeded',
      source: card ? cardLabel(card) : null,
      reference_type: 'hiring',
      reference_id: rows[0]!.id,
      hiring_id: rows[0]!.id,
      campaign_id: rows[0]!.campaign_id,
      provider_ref: providerRef,
    };
    if (rows.some((h) => h.status !== 'new')) {
      // Another payment funded these hires first (a request that was given up on came back): the money
      // this one took is recorded and goes straight back to the card.
      await failAttemptIn(tx, attempt.id, 'The hires were funded by another payment; this charge is refunded.');
      if (attempt.amount > 0) {
        const orphan = await appendTransaction(tx, {
          ...entry,
          campaign_id: null,
          meta: { hiring_ids: attempt.hiring_ids, attempt_id: attempt.id, duplicate: true },
        });
        const [request] = await tx
          .insert(refundRequests)
          .values({ charge_id: orphan.id, hiring_id: rows[0]!.id, brand_user_id: attempt.brand_user_id, amount: attempt.amount })
          .returning();
        await enqueue('payments.refund', { request_id: request!.id }, { db: tx, maxAttempts: 8 });
      }
      return null;
    }
    // The coupon's use is redeemed (a charge reported late, whose request had given up, takes it back).
    if (attempt.coupon_id) await redeemCoupon(tx, attempt.id);
    const byHiring = await jobsOf(tx, rows);
    // A funding of $0 (a coupon covered it all) writes no charge: nothing was asked of the provider.
    const charge =
      attempt.amount > 0
        ? await appendTransaction(tx, {
            ...entry,
            meta: {
              hiring_ids: attempt.hiring_ids,
              campaign_ids: [...new Set(rows.map((h) => h.campaign_id))],
              subtotal: attempt.subtotal,
              discount: attempt.discount,
              coupon: coupon?.code ?? null,
              attempt_id: attempt.id,
              card: card ? { type: card.type, last_four: card.last_four } : null,
            },
          })
        : null;
    const funded = rows.flatMap((h) => byHiring.get(h.id)!.map((job) => ({ job, hiring: h })));
    const shares = splitDiscount(
      funded.map((f) => f.job.fee),
      attempt.discount,
    );
    await tx.insert(jobFunds).values(
      funded.map(({ job, hiring }, i) => ({
        job_id: job.id,
        hiring_id: hiring.id,
        campaign_id: hiring.campaign_id,
        brand_user_id: hiring.brand_user_id,
        podcaster_user_id: hiring.podcaster_user_id,
        charge_id: charge?.id ?? null,
        fee: job.fee,
        paid: job.fee - shares[i]!,
      })),
    );
    // The jobs can start: funded, and out of pending (a multi-episode item with its episodes), through
    // delivery's job-status module, the one writer of a job's status (it handles the step).
    const jobIds = funded.map((f) => f.job.id);
    const parentIds = [...new Set(funded.map((f) => f.job.parent_id).filter((p): p is number => p !== null))];
    await runDealTxStep(tx, 'jobs-funded', { jobIds: [...jobIds, ...parentIds] });
    const updated: HiringRow[] = [];
    for (const h of rows) updated.push(await transitionHiring(tx, h, 'funded'));
    await tx
      .update(fundAttempts)
      .set({ status: 'succeeded', provider_ref: providerRef, transaction_id: charge?.id ?? null, error: null })
      .where(eq(fundAttempts.id, attempt.id));
    await tx.delete(fundClaims).where(eq(fundClaims.attempt_id, attempt.id));
    // Tell both sides once this is committed.
    await enqueue('payments.funded', { attempt_id: attempt.id }, { db: tx });
    return { transaction: charge, hirings: updated, applied: true };
  });
  return result;
}

/** Funds the brand's new hirings with one of their cards: one charge, or a 422 / 502 that changed nothing. */
export async function fundHirings(user: SessionUser, body: unknown): Promise<FundResult> {
  const input = validate(fundSchema, body);
  const { attempt, card, description } = await startAttempt(user, input);
  let providerRef: string | null = null;
  if (attempt.amount > 0) {
    try {
      const provider = await paymentProvider();
      const charged = await provider.charge({
        amount: attempt.amount,
        customerUserId: user.id,
        paymentMethodId: card.provider_id!,
        description,
        metadata: { attempt_id: String(attempt.id), brand_user_id: String(user.id), hiring_ids: attempt.hiring_ids.join(',') },
        idempotencyKey: `cuepoint-fund-${attempt.id}`,
      });
      providerRef = charged.id;
    } catch (error) {
      const message = error instanceof CardError ? error.message : PAYMENT_FAILED;
      await failFunding(attempt.id, error instanceof Error ? error.message : String(error));
      if (error instanceof CardError) throw fieldError('card_id', message);
      console.error('[cuepoint] payment provider failed', error);
      throw new HttpError(502, PAYMENT_FAILED);
    }
  }
  const applied = await applyFunding(attempt.id, providerRef);
  if (!applied) throw fieldError('hiring_ids', 'This hire is already funded.');
  return {
    transaction: applied.transaction ? (await serializeTransactions([applied.transaction]))[0]! : null,
    hirings: await serializeHirings(applied.hirings),
  };
}
