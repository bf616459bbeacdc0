/**
 * A podcaster's money (issue 11 §6), every figure a sum of ledger rows or held escrow: available
 * (released minus paid out and payouts in flight), pending (funded, not released yet, net of the
 * service fee), paid out, lifetime (everything released, net).
 */
import { sql } from 'drizzle-orm';
import { getDb, type Db, type Tx, jobFunds, payoutRequests, podcasters, refundRequests, transactions } from '../db';
import { serviceFee, type EarningsFigures } from '../../payments';
import { DEFAULT_SERVICE_FEE_PERCENT } from '../../constants';

/**
 * The four figures of the user's earnings, in cents, read in one statement (one snapshot of the
 * ledger, the payouts in flight, the held escrow and the service fee; inside a transaction, its own).
 */
export async function earningsFigures(userId: number, conn?: Db | Tx): Promise<EarningsFigures> {
  return (await earningsAndFee(userId, conn)).figures;
}

/** The four figures and the service fee percent they were counted with (the earnings screen shows both). */
export async function earningsAndFee(userId: number, conn?: Db | Tx): Promise<{ figures: EarningsFigures; service_fee_percent: number }> {
  const db = conn ?? (await getDb());
  const { rows } = (await db.execute(sql`
    select
      (select coalesce(sum(t.fee - t.service_fee), 0) from ${transactions} t where t.user_id = ${userId} and t.kind = 'release') as released,
      (select coalesce(sum(t.fee), 0) from ${transactions} t where t.user_id = ${userId} and t.kind = 'payout') as paid_out,
      (select coalesce(sum(p.amount), 0) from ${payoutRequests} p where p.user_id = ${userId} and p.status = 'started') as inflight,
      (select coalesce(json_agg(f.fee), '[]') from ${jobFunds} f
        where f.podcaster_user_id = ${userId}
          and not exists (select 1 from ${transactions} r where r.job_id = f.job_id and r.kind = 'release')
          and not exists (select 1 from ${refundRequests} q where q.job_id = f.job_id)) as held,
      (select s.service_fee_percent from ${podcasters} s where s.user_id = ${userId}) as percent`)) as unknown as {
    rows: { released: string | number; paid_out: string | number; inflight: string | number; held: Array<string | number>; percent: number | null }[];
  };
  const row = rows[0]!;
  const percent = row.percent ?? DEFAULT_SERVICE_FEE_PERCENT;
  const lifetime = Number(row.released);
  const paidOut = Number(row.paid_out);
  const figures = {
    available: lifetime - paidOut - Number(row.inflight),
    pending: row.held.reduce<number>((s, fee) => s + Number(fee) - serviceFee(Number(fee), percent), 0),
    paid_out: paidOut,
    lifetime,
  };
  return { figures, service_fee_percent: percent };
}
