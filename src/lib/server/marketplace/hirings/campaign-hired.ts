/**
 * Hired: what a campaign has committed to podcasters so far, the fees of the jobs of its hirings that
 * are not cancelled (a dropped job no longer counts), at their full fee (a coupon is Cuepoint's
 * discount, not the brand's budget). The campaign's remaining budget is its budget less this; hiring
 * past it needs the brand's explicit confirmation. The one rule of both figures.
 */
import { eq, sql } from 'drizzle-orm';
import { getDb, type Db, type Tx, campaigns, hirings, packageJobs } from '../../db';

/** Hired on the campaign, in cents, read in the caller's transaction (which locks the campaign row when it decides on a hire). */
export async function campaignHired(db: Db | Tx, campaignId: number): Promise<number> {
  const { rows } = (await db.execute(sql`
    select coalesce(sum(j.fee), 0) as n
    from ${hirings} h
    join ${packageJobs} j on j.id in (select (jsonb_array_elements_text(h.job_ids))::int)
    where h.campaign_id = ${campaignId} and h.status <> 'cancelled' and j.status <> 'dropped'`)) as unknown as { rows: { n: string | number }[] };
  return Number(rows[0]?.n ?? 0);
}

/** The campaign's budget less what it has hired (never below 0); null when the campaign has no budget. */
export function remainingBudget(budget: number | null, hired: number): number | null {
  return budget === null ? null : Math.max(0, budget - hired);
}

/** What is left of a campaign's budget now (the hire dialog warns with it), or null when it has none. */
export async function campaignRemainingBudget(campaignId: number): Promise<number | null> {
  const db = await getDb();
  const [campaign] = await db.select({ budget: campaigns.budget }).from(campaigns).where(eq(campaigns.id, campaignId));
  if (!campaign) return null;
  return remainingBudget(campaign.budget, await campaignHired(db, campaignId));
}
