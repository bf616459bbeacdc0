/**
 * Money of automated ads (issue 19 §4), written only through appendTransaction:
 *
 * - funding: a brand's line is funded by one charge of its budget on a saved card (kind `charge`,
 *   reference `ad_line`); that charge is the line's balance;
 * - spend: impressions are billed at the line's CPM from that balance (kind `ad_spend`, per line and
 *   show); each bill names the line's cumulative impressions on the show (provider_ref), so billing the
 *   same count twice is refused by the ledger's unique index: idempotent;
 * - share: the hosted podcaster's share of the spend on their show (70 % by default) is released once a
 *   month (kind `release`, reference `ad_share`), after the agreement's 45-day adjustment window, so it
 *   joins their available balance like a job's release.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db';
import { transactions } from '../db';
import { appendTransaction } from './ledger';
import { findOwnCard } from './cards';
import { CardError, paymentProvider } from './provider';
import { fieldError, HttpError } from '../http';
import { cardLabel } from '../../payments';

/** Revenue adjustments stay possible for 45 days after a month ends (hosting §9). */
export const ADJUSTMENT_DAYS = 45;

/** Charges a line's budget to one of the brand's cards and records it as the line's balance; once per line. */
export async function fundAdLine(db: Db, input: { brandUserId: number; lineId: number; campaignId: number; amount: number; cardId: number }): Promise<void> {
  const card = await findOwnCard(input.brandUserId, input.cardId);
  const [already] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.kind, 'charge'), eq(transactions.reference_type, 'ad_line'), eq(transactions.reference_id, input.lineId)));
  if (already) return;
  let ref: string;
  try {
    const provider = await paymentProvider();
    ref = (
      await provider.charge({
        amount: input.amount,
        customerUserId: input.brandUserId,
        paymentMethodId: card.provider_id!,
        description: `Automated ads: line #${input.lineId}`,
        metadata: { ad_line_id: String(input.lineId), brand_user_id: String(input.brandUserId) },
        idempotencyKey: `cuepoint-ad-line-${input.lineId}`,
      })
    ).id;
  } catch (error) {
    if (error instanceof CardError) throw fieldError('card_id', error.message);
    console.error('[cuepoint] payment provider failed (ad line)', error);
    throw new HttpError(502, 'The payment could not be completed: the payment provider did not answer. Nothing was charged.');
  }
  await appendTransaction(db, {
    kind: 'charge',
    user_id: input.brandUserId,
    fee: input.amount,
    service_fee: 0,
    status: 'succeeded',
    source: cardLabel(card),
    reference_type: 'ad_line',
    reference_id: input.lineId,
    campaign_id: input.campaignId,
    provider_ref: ref,
    meta: { ad_line_id: input.lineId },
  });
}

/**
 * A line's funded and spent cents, as sums over its ledger rows (`reference_type` 'ad_line'): its
 * charges and its ad spend. Used by adLineMoney and by reads that nest a line's money in one statement.
 */
export const AD_LINE_MONEY = {
  funded: sql<string>`coalesce(sum(case when ${transactions.kind} = 'charge' then ${transactions.fee} else 0 end), 0)`,
  spent: sql<string>`coalesce(sum(case when ${transactions.kind} = 'ad_spend' then ${transactions.fee} else 0 end), 0)`,
};

/** A campaign's automated spend: the fees of its ad spend rows. */
export function campaignAdSpendSql(campaignId: number) {
  return sql<string>`(select coalesce(sum(${transactions.fee}), 0) from ${transactions} where ${transactions.kind} = 'ad_spend' and ${transactions.campaign_id} = ${campaignId})`;
}

/** Funded and spent cents of each line (0 when nothing). */
export async function adLineMoney(db: Db | Tx, lineIds: number[]): Promise<Map<number, { funded: number; spent: number }>> {
  const out = new Map(lineIds.map((id) => [id, { funded: 0, spent: 0 }]));
  if (!lineIds.length) return out;
  const rows = await db
    .select({
      line: transactions.reference_id,
      funded: AD_LINE_MONEY.funded,
      spent: AD_LINE_MONEY.spent,
    })
    .from(transactions)
    .where(and(eq(transactions.reference_type, 'ad_line'), sql`${transactions.reference_id} = any(${sql.param(lineIds)}::int[])`))
    .groupBy(transactions.reference_id);
  for (const r of rows) out.set(Number(r.line), { funded: Number(r.funded), spent: Number(r.spent) });
  return out;
}

/**
 * Bills a line's impressions on one show up to `impressions` (cumulative on that show). The fraction of
 * a cent is carried per line: what the line owes is floor(`lineImpressions` × CPM ÷ 1,000), in integer
 * cents, over the line's cumulative impressions (those of the shows billed so far and this one's), and
 * this bill is that minus everything billed on the line before, capped by the line's balance. So a
 * line's total is never a cent short of its impressions × CPM ÷ 1,000, whichever show they came from.
 * Answers the cents billed (0 when this count was billed already).
 */
export async function billAdImpressions(
  tx: Tx,
  input: { lineId: number; brandUserId: number; campaignId: number; podcastId: number; impressions: number; lineImpressions: number; cpm: number },
): Promise<number> {
  // One biller at a time per line: the line's charge row is the lock.
  await tx.execute(sql`select id from ${transactions} where kind = 'charge' and reference_type = 'ad_line' and reference_id = ${input.lineId} for update`);
  const [billed] = await tx
    .select({ all: sql<string>`coalesce(sum(${transactions.fee}), 0)` })
    .from(transactions)
    .where(and(eq(transactions.kind, 'ad_spend'), eq(transactions.reference_type, 'ad_line'), eq(transactions.reference_id, input.lineId)));
  const money = (await adLineMoney(tx, [input.lineId])).get(input.lineId)!;
  const billedAll = Number(billed?.all ?? 0);
  const due = Math.floor((input.lineImpressions * input.cpm) / 1000) - billedAll;
  const amount = Math.min(due, money.funded - billedAll);
  if (amount <= 0) return 0;
  const ref = `ad-spend:${input.lineId}:${input.podcastId}:${input.impressions}`;
  const [seen] = await tx
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.kind, 'ad_spend'), eq(transactions.provider_ref, ref)));
  if (seen) return 0;
  await appendTransaction(tx, {
    kind: 'ad_spend',
    user_id: input.brandUserId,
    fee: amount,
    service_fee: 0,
    status: 'succeeded',
    source: 'Automated ads balance',
    is_balance: true,
    reference_type: 'ad_line',
    reference_id: input.lineId,
    campaign_id: input.campaignId,
    provider_ref: ref,
    meta: { podcast_id: input.podcastId, impressions: input.impressions, line_impressions: input.lineImpressions, cpm: input.cpm },
  });
  return amount;
}

/** Ad spend on a show per month (YYYY-MM), in cents. */
export async function adSpendByMonth(db: Db | Tx, podcastId: number): Promise<Map<string, number>> {
  const rows = await db
    .select({
      month: sql<string>`to_char(${transactions.created_at} at time zone 'UTC', 'YYYY-MM')`,
      spent: sql<string>`sum(${transactions.fee})`,
    })
    .from(transactions)
    .where(and(eq(transactions.kind, 'ad_spend'), sql`(${transactions.meta}->>'podcast_id')::int = ${podcastId}`))
    .groupBy(sql`1`);
  return new Map(rows.map((r) => [r.month, Number(r.spent)]));
}

/** The first instant a month's share may be released: 45 days after the month ends. */
export function shareReleaseDate(month: string): Date {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1) + ADJUSTMENT_DAYS * 86_400_000);
}

/**
 * Releases a show's share of a month's ad spend to its podcaster (once: the month is the provider_ref);
 * `fee` is the month's spend on the show, `service_fee` our part, so the podcaster nets `percent` % of it.
 * Answers the net released, or 0 when nothing was due or it was released already.
 */
export async function releaseAdShare(
  tx: Tx,
  input: { podcastId: number; podcasterUserId: number; month: string; percent: number; now?: Date },
): Promise<number> {
  if ((input.now ?? new Date()) < shareReleaseDate(input.month)) return 0;
  const ref = `ad-share:${input.podcastId}:${input.month}`;
  const [seen] = await tx
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.kind, 'release'), eq(transactions.provider_ref, ref)));
  if (seen) return 0;
  const spend = (await adSpendByMonth(tx, input.podcastId)).get(input.month) ?? 0;
  if (spend <= 0) return 0;
  const net = Math.floor((spend * input.percent) / 100);
  await appendTransaction(tx, {
    kind: 'release',
    user_id: input.podcasterUserId,
    fee: spend,
    service_fee: spend - net,
    is_balance: true,
    status: 'succeeded',
    source: 'Cuepoint balance',
    reference_type: 'ad_share',
    reference_id: input.podcastId,
    provider_ref: ref,
    meta: { month: input.month, share_percent: input.percent, podcast_id: input.podcastId },
  });
  return net;
}

/** Ad shares released to a podcaster for a show (cents, net). */
export async function releasedAdShares(db: Db | Tx, podcastId: number): Promise<Array<{ month: string; net: number }>> {
  const rows = await db
    .select({ meta: transactions.meta, fee: transactions.fee, service_fee: transactions.service_fee })
    .from(transactions)
    .where(and(eq(transactions.kind, 'release'), eq(transactions.reference_type, 'ad_share'), eq(transactions.reference_id, podcastId)));
  return rows.map((r) => ({ month: String(r.meta.month), net: r.fee - r.service_fee }));
}
