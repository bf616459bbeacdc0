/** What a brand has spent on a campaign, from the ledger: what it paid for the campaign's funded jobs minus what came back. */
import { inArray, sql, type SQL } from 'drizzle-orm';
import { getDb } from '../db/client';
import { qualified } from '../db/qualified';
import { campaigns, jobFunds, transactions } from '../db/schema';

/**
 * Spent on the campaign whose id is `campaignId`, in cents, as one SQL expression (charged into escrow
 * minus refunds, plus automated ads' billed impressions), so a list can read each campaign's spend in its own statement. The one rule of spend.
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
