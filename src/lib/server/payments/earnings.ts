/**
 * A podcaster's money (issue 11 §6), every figure a sum of ledger rows or held escrow: available
 * (released minus paid out and payouts in flight), pending (funded, not released yet, net of the
 * service fee), paid out, lifetime (everything released, net).
 */
import { and, eq, inArray, notExists, sql } from 'drizzle-orm';
import { getDb, type Db, type Tx } from '../db/client';
import { jobFunds, payoutRequests, podcasters, refundRequests, transactions } from '../db/schema';
import { serviceFee, type EarningsFigures } from '../../payments';
import { DEFAULT_SERVICE_FEE_PERCENT } from '../../constants';

/** The four figures of the user's earnings, in cents. */
export async function earningsFigures(userId: number, conn?: Db | Tx): Promise<EarningsFigures> {
  const db = conn ?? (await getDb());
  const sum = (expr: ReturnType<typeof sql>) => sql<string>`coalesce(sum(${expr}), 0)`;
  // One query after the other: inside a transaction they share one connection.
  const [ledger] = await db
    .select({
      released: sum(sql`case when ${transactions.kind} = 'release' then ${transactions.fee} - ${transactions.service_fee} else 0 end`),
      paid_out: sum(sql`case when ${transactions.kind} = 'payout' then ${transactions.fee} else 0 end`),
    })
    .from(transactions)
    .where(and(eq(transactions.user_id, userId), inArray(transactions.kind, ['release', 'payout'])));
  const [inflight] = await db
    .select({ n: sum(sql`${payoutRequests.amount}`) })
    .from(payoutRequests)
    .where(and(eq(payoutRequests.user_id, userId), eq(payoutRequests.status, 'started')));
  const held = await db
    .select({ fee: jobFunds.fee })
    .from(jobFunds)
    .where(
      and(
        eq(jobFunds.podcaster_user_id, userId),
        notExists(
          db
            .select({ one: sql`1` })
            .from(transactions)
            .where(and(eq(transactions.job_id, jobFunds.job_id), eq(transactions.kind, 'release'))),
        ),
        notExists(db.select({ one: sql`1` }).from(refundRequests).where(eq(refundRequests.job_id, jobFunds.job_id))),
      ),
    );
  const [profile] = await db.select({ percent: podcasters.service_fee_percent }).from(podcasters).where(eq(podcasters.user_id, userId));
  const percent = profile?.percent ?? DEFAULT_SERVICE_FEE_PERCENT;
  const lifetime = Number(ledger?.released ?? 0);
  const paidOut = Number(ledger?.paid_out ?? 0);
  return {
    available: lifetime - paidOut - Number(inflight?.n ?? 0),
    pending: held.reduce((s, j) => s + j.fee - serviceFee(j.fee, percent), 0),
    paid_out: paidOut,
    lifetime,
  };
}
