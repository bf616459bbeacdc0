/**
 * Refunds (issue 11 §4, CONTRACTS.md): a funded job that is dropped or cancelled before it is
 * completed gives what the brand paid for it back to the card. The intent is recorded in the caller's
 * transaction with the charge's ledger row locked, and never for more than is left of that charge
 * (what was captured less every refund recorded or asked for); the provider is called by a queue job
 * after commit, and the ledger gets the refund row when the provider confirms it. A job funded
 * without a charge (a coupon covered it) is closed with no refund at all. Every step is idempotent.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { getDb, type Db, type Tx, jobFunds, refundRequests, transactions } from '../db';
import { recordDiscrepancy } from './discrepancies';
import { enqueue } from '../jobs';
import { appendTransaction } from './ledger';
import { paymentProvider } from './provider';
import { settleHiring } from './settle-hiring';

/**
 * What of a charge has gone back or is going back to the card: the refunds asked for (by a job's
 * cancellation or a duplicate charge, not failed) and those made outside Cuepoint that a webhook
 * recorded. Read with the charge's ledger row locked by the caller.
 */
export async function refundedOf(tx: Db | Tx, chargeId: number): Promise<number> {
  const [row] = await tx
    .execute(sql`select
      coalesce((select sum(${refundRequests.amount}) from ${refundRequests}
        where ${refundRequests.charge_id} = ${chargeId} and ${refundRequests.status} <> 'failed'), 0)
      + coalesce((select sum(t.fee) from ${transactions} t
        where t.kind = 'refund' and t.job_id is null and t.meta->>'charge_id' = ${String(chargeId)} and t.meta->>'external' = 'true'), 0) as n`)
    .then((r) => (r as unknown as { rows: { n: string | number }[] }).rows);
  return Number(row?.n ?? 0);
}

/** Locks a charge's ledger row (the one lock every refund of it takes) and answers it. */
export async function lockCharge(tx: Tx, chargeId: number): Promise<typeof transactions.$inferSelect | null> {
  const [charge] = await tx.select().from(transactions).where(eq(transactions.id, chargeId)).for('update');
  return charge ?? null;
}

/** Records that a funded, not yet released job's money goes back to the brand; the refund itself runs after commit. */
export async function refundJobFunds(tx: Tx, jobId: number): Promise<void> {
  const [fund] = await tx.select().from(jobFunds).where(eq(jobFunds.job_id, jobId)).for('update');
  if (!fund) return;
  const [released] = await tx
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.job_id, jobId), inArray(transactions.kind, ['release', 'refund'])));
  if (released) return;
  // Never more than is left of the charge (money given back outside Cuepoint counts too).
  const charge = fund.charge_id ? await lockCharge(tx, fund.charge_id) : null;
  const left = charge ? Math.max(0, charge.fee - (await refundedOf(tx, charge.id))) : 0;
  const amount = Math.min(fund.paid, left);
  const [request] = await tx
    .insert(refundRequests)
    .values({
      job_id: jobId,
      charge_id: fund.charge_id,
      hiring_id: fund.hiring_id,
      brand_user_id: fund.brand_user_id,
      amount,
      // Nothing to give back (funded without a charge, or already refunded outside Cuepoint): closed at once, no ledger row.
      ...(amount === 0 ? { status: 'succeeded' as const } : {}),
    })
    .onConflictDoNothing()
    .returning();
  if (!request) return;
  const settled = await settleHiring(tx, fund.hiring_id);
  await enqueue('payments.refund', { request_id: request.id, hiring_changed: settled !== null }, { db: tx, maxAttempts: 8 });
}

/** Sends a recorded refund to the provider and writes it to the ledger (the queue job; safe to run twice). Answers the ledger row once done. */
export async function processRefund(requestId: number): Promise<typeof transactions.$inferSelect | null> {
  const db = await getDb();
  const [request] = await db.select().from(refundRequests).where(eq(refundRequests.id, requestId));
  if (!request) return null;
  if (request.status === 'succeeded' || request.amount === 0 || request.charge_id === null) {
    const [done] = request.transaction_id ? await db.select().from(transactions).where(eq(transactions.id, request.transaction_id)) : [];
    return done ?? null;
  }
  const [charge] = await db.select().from(transactions).where(eq(transactions.id, request.charge_id));
  if (!charge) throw new Error(`Refund ${requestId}: its charge is missing.`);
  const [fund] = request.job_id ? await db.select({ campaign_id: jobFunds.campaign_id }).from(jobFunds).where(eq(jobFunds.job_id, request.job_id)) : [];
  let providerRef: string | null = null;
  if (request.amount > 0 && charge.provider_ref) {
    const provider = await paymentProvider();
    try {
      providerRef = (
        await provider.refund({
          chargeId: charge.provider_ref,
          amount: request.amount,
          idempotencyKey: `cuepoint-refund-${request.id}`,
          metadata: { refund_request_id: String(request.id), job_id: String(request.job_id ?? '') },
        })
      ).id;
    } catch (error) {
      await db
        .update(refundRequests)
        .set({ error: error instanceof Error ? error.message : String(error) })
        .where(eq(refundRequests.id, request.id));
      throw error;
    }
  }
  return db.transaction(async (tx) => {
    await lockCharge(tx, charge.id);
    const [locked] = await tx.select().from(refundRequests).where(eq(refundRequests.id, request.id)).for('update');
    if (locked!.status === 'succeeded') {
      const [done] = await tx.select().from(transactions).where(eq(transactions.id, locked!.transaction_id!));
      return done ?? null;
    }
    // The ledger never shows more refunded than was captured for this charge.
    const [inLedger] = await tx
      .select({ n: sql<string>`coalesce(sum(${transactions.fee}), 0)` })
      .from(transactions)
      .where(
        and(
          eq(transactions.kind, 'refund'),
          sql`${transactions.meta}->>'charge_id' = ${String(charge.id)}`,
          providerRef ? sql`${transactions.provider_ref} is distinct from ${providerRef}` : undefined,
        ),
      );
    if (Number(inLedger?.n ?? 0) + request.amount > charge.fee) {
      await recordDiscrepancy(
        {
          source: 'ledger',
          kind: 'refund_exceeds_charge',
          provider_ref: providerRef,
          expected: { charge: charge.code, captured: charge.fee, already_refunded: Number(inLedger?.n ?? 0) },
          received: { refund: providerRef, amount: request.amount },
          reason: `Refund request ${request.id} would bring the refunds of ${charge.code} above what was captured; it was not written to the ledger.`,
        },
        tx,
      );
      await tx.update(refundRequests).set({ status: 'failed', error: 'Larger than what is left of the charge.' }).where(eq(refundRequests.id, request.id));
      return null;
    }
    // A webhook may have recorded this provider refund first.
    const [known] = providerRef
      ? await tx
          .select()
          .from(transactions)
          .where(and(eq(transactions.kind, 'refund'), eq(transactions.provider_ref, providerRef)))
      : [];
    const entry =
      known ??
      (await appendTransaction(tx, {
        kind: 'refund',
        user_id: request.brand_user_id,
        fee: request.amount,
        status: 'succeeded',
        source: charge.source,
        reference_type: request.job_id ? 'package_job' : 'transaction',
        reference_id: request.job_id ?? charge.id,
        job_id: request.job_id,
        hiring_id: request.hiring_id,
        campaign_id: fund?.campaign_id ?? charge.campaign_id,
        provider_ref: providerRef,
        meta: { charge_code: charge.code, charge_id: charge.id },
      }));
    await tx
      .update(refundRequests)
      .set({ status: 'succeeded', provider_ref: providerRef, transaction_id: entry.id, error: null })
      .where(eq(refundRequests.id, request.id));
    return entry;
  });
}
