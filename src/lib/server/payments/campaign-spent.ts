/** What a brand has spent on a campaign, from the ledger: what it paid for the campaign's funded jobs minus what came back. */
import { desc, inArray, sql, type SQL } from 'drizzle-orm';
import { getDb, qualified, campaigns, jobFunds, transactions } from '../db';

/**
 * THE campaign's spend, in cents, as one SQL expression: what its hires and automated lines cost, less
 * refunds (what was paid into escrow for its jobs, minus their refunds, plus the impressions its
 * automated lines were billed; a line's budget is a balance, not spend, until it is billed). So a list
 * reads each campaign's spend in its own statement; /campaigns, the stats page, /settings/payments,
 * receipts and the API all show this one.
 */
export function campaignSpentSql(campaignId: SQL): SQL<number> {
  return sql<number>`(
    coalesce((select sum(${qualified(jobFunds.paid)}) from ${jobFunds} where ${qualified(jobFunds.campaign_id)} = ${campaignId}), 0)
    - coalesce((select sum(${qualified(transactions.fee)}) from ${transactions} where ${qualified(transactions.kind)} = 'refund' and ${qualified(transactions.campaign_id)} = ${campaignId}), 0)
    + coalesce((select sum(${qualified(transactions.fee)}) from ${transactions} where ${qualified(transactions.kind)} = 'ad_spend' and ${qualified(transactions.campaign_id)} = ${campaignId}), 0)
  )::bigint`;
}

/** Spent per campaign (cents) for each id asked (0 when nothing), in one statement. */
export async function campaignsSpent(campaignIds: number[]): Promise<Map<number, number>> {
  const out = new Map(campaignIds.map((id) => [id, 0]));
  if (campaignIds.length === 0) return out;
  const db = await getDb();
  const rows = await db
    .select({ id: campaigns.id, spent: campaignSpentSql(qualified(campaigns.id)) })
    .from(campaigns)
    .where(inArray(campaigns.id, campaignIds));
  for (const r of rows) out.set(r.id, Number(r.spent));
  return out;
}

/** Spent on one campaign (cents). */
export async function campaignSpent(campaignId: number): Promise<number> {
  return (await campaignsSpent([campaignId])).get(campaignId) ?? 0;
}

/** A brand's money per campaign, in cents, as /settings/payments shows it: where each campaign's spend comes from. */
export interface CampaignSpend {
  campaign_id: number;
  title: string;
  /** Paid for the campaign's hires (after coupons). */
  hires_paid: number;
  /** Refunded for dropped or cancelled jobs. */
  refunded: number;
  /** Charged as automated lines' budgets (a balance), and of it, billed for impressions. */
  lines_funded: number;
  lines_billed: number;
  /** campaignSpentSql: hires_paid − refunded + lines_billed. */
  spent: number;
}

/** The brand's campaigns with money, each with its spend and its parts (one statement). */
export async function brandCampaignSpend(brandUserId: number): Promise<CampaignSpend[]> {
  const db = await getDb();
  const q = qualified;
  const sum = (kind: string, extra: SQL = sql`true`) =>
    sql<string>`coalesce((select sum(st.fee) from ${transactions} st where st.kind = ${kind} and st.campaign_id = ${q(campaigns.id)} and ${extra}), 0)`;
  const rows = await db
    .select({
      campaign_id: campaigns.id,
      title: campaigns.title,
      hires_paid: sql<string>`coalesce((select sum(sf.paid) from ${jobFunds} sf where sf.campaign_id = ${q(campaigns.id)}), 0)`,
      refunded: sum('refund'),
      lines_funded: sum('charge', sql`st.reference_type = 'ad_line'`),
      lines_billed: sum('ad_spend'),
      spent: campaignSpentSql(q(campaigns.id)),
    })
    .from(campaigns)
    .where(
      sql`${q(campaigns.brand_user_id)} = ${brandUserId} and (exists (select 1 from ${jobFunds} ef where ef.campaign_id = ${q(campaigns.id)})
        or exists (select 1 from ${transactions} et where et.campaign_id = ${q(campaigns.id)} and et.kind in ('charge', 'ad_spend', 'refund')))`,
    )
    .orderBy(desc(campaigns.created_at), desc(campaigns.id));
  return rows.map((r) => ({
    campaign_id: r.campaign_id,
    title: r.title,
    hires_paid: Number(r.hires_paid),
    refunded: Number(r.refunded),
    lines_funded: Number(r.lines_funded),
    lines_billed: Number(r.lines_billed),
    spent: Number(r.spent),
  }));
}
