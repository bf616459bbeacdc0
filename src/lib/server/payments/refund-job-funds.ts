/**
 * Refunds (issue 11 §4, CONTRACTS.md): a funded job that is dropped or cancelled before it is
 * completed gives what the brand paid for it back to the card. The intent is recorded in the caller's
 * transaction; the provider is called by a queue job after commit, and the ledger gets the refund row
 * when the provider confirms it. Every step is idempotent.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { getDb, type Tx } from '../db/client';
import { jobFunds, refundRequests, transactions } from '../db/schema';
import { enqueue } from '../jobs/queue';
import { appendTransaction } from './ledger';
import { paymentProvider } from './provider';
import { settleHiring } from './settle-hiring';

/** Records that a funded, not yet released job's money goes back to the brand; the refund itself runs after commit. */
export async function refundJobFunds(tx: Tx, jobId: number): Promise<void> {
  const [fund] = await tx.select().from(jobFunds).where(eq(jobFunds.job_id, jobId)).for('update');
  if (!fund) return;
  const [released] = await tx
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.job_id, jobId), inArray(transactions.kind, ['release', 'refund'])));
  if (released) return;
  const [request] = await tx
    .insert(refundRequests)
    .values({ job_id: jobId, charge_id: fund.charge_id, hiring_id: fund.hiring_id, brand_user_id: fund.brand_user_id, amount: fund.paid })
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
  if (request.status === 'succeeded') {
    const [done] = await db.select().from(transactions).where(eq(transactions.id, request.transaction_id!));
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
    const [locked] = await tx.select().from(refundRequests).where(eq(refundRequests.id, request.id)).for('update');
    if (locked!.status === 'succeeded') {
      const [done] = await tx.select().from(transactions).where(eq(transactions.id, locked!.transaction_id!));
      return done ?? null;
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
