/**
 * Release (issue 11 §4, CONTRACTS.md): when a job is completed, its fee goes to the podcaster's
 * balance: one ledger row with `fee` = the job's fee, `service_fee` = fee × service_fee_percent / 100.
 * Called inside the transaction that completes the job, after the job's status is written.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db';
import { jobFunds, podcasters, refundRequests, transactions } from '../db';
import { enqueue } from '../jobs';
import { serviceFee } from '../../payments';
import { DEFAULT_SERVICE_FEE_PERCENT } from '../../constants';
import { appendTransaction } from './ledger';
import { settleHiring } from './settle-hiring';

/** Releases a completed job's held fee to the podcaster's balance; nothing when nothing is held or it was released or refunded already. */
export async function releaseJobFunds(tx: Tx, jobId: number): Promise<void> {
  const [fund] = await tx.select().from(jobFunds).where(eq(jobFunds.job_id, jobId)).for('update');
  if (!fund) return;
  const [closed] = await tx
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.job_id, jobId), inArray(transactions.kind, ['release', 'refund'])));
  const [refunding] = await tx.select({ id: refundRequests.id }).from(refundRequests).where(eq(refundRequests.job_id, jobId));
  if (closed || refunding) return;
  const [profile] = await tx.select({ percent: podcasters.service_fee_percent }).from(podcasters).where(eq(podcasters.user_id, fund.podcaster_user_id));
  const percent = profile?.percent ?? DEFAULT_SERVICE_FEE_PERCENT;
  const entry = await appendTransaction(tx, {
    kind: 'release',
    user_id: fund.podcaster_user_id,
    fee: fund.fee,
    service_fee: serviceFee(fund.fee, percent),
    is_balance: true,
    status: 'succeeded',
    source: 'Cuepoint balance',
    reference_type: 'package_job',
    reference_id: jobId,
    job_id: jobId,
    hiring_id: fund.hiring_id,
    campaign_id: fund.campaign_id,
    meta: { service_fee_percent: percent, charge_id: fund.charge_id },
  });
  const settled = await settleHiring(tx, fund.hiring_id);
  await enqueue('payments.released', { transaction_id: entry.id, hiring_changed: settled !== null }, { db: tx });
}
