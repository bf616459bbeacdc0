/** A hiring whose every funded job is released or being refunded is settled: completed, or cancelled when nothing was released. */
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db';
import { hirings, jobFunds, refundRequests, transactions } from '../db';
import { transitionHiring, type HiringRow } from '../marketplace';

/** Moves a funded hiring to completed or cancelled once none of its jobs holds money; answers the row when it changed. */
export async function settleHiring(tx: Tx, hiringId: number): Promise<HiringRow | null> {
  const [hiring] = await tx.select().from(hirings).where(eq(hirings.id, hiringId)).for('update');
  if (hiring?.status !== 'funded') return null;
  const funds = await tx.select({ job_id: jobFunds.job_id }).from(jobFunds).where(eq(jobFunds.hiring_id, hiringId));
  const jobIds = funds.map((f) => f.job_id);
  if (jobIds.length === 0) return null;
  const released = await tx
    .select({ job_id: transactions.job_id })
    .from(transactions)
    .where(and(eq(transactions.kind, 'release'), inArray(transactions.job_id, jobIds)));
  const refunded = await tx.select({ job_id: refundRequests.job_id }).from(refundRequests).where(inArray(refundRequests.job_id, jobIds));
  const closed = new Set([...released, ...refunded].map((r) => r.job_id));
  if (jobIds.some((id) => !closed.has(id))) return null;
  return transitionHiring(tx, hiring, released.length > 0 ? 'completed' : 'cancelled');
}
