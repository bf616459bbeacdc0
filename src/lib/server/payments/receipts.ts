/** What a receipt lists: per hire of a payment (or the job of a refund), the podcast, campaign, ads and amount paid. */
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { getDb, ads, campaignAds, campaigns, hirings, jobFunds, packageJobs, podcasts, transactions } from '../db';
import type { TransactionPayload } from '../../payments';

export interface ReceiptLine {
  podcast_title: string;
  campaign_id: number;
  campaign_title: string;
  jobs: string[];
  amount: number;
}

/** Names with their count: two episodes of one item read "Host-Read: Two mornings × 2". */
function grouped(names: string[]): string[] {
  const counts = new Map<string, number>();
  for (const n of names) counts.set(n, (counts.get(n) ?? 0) + 1);
  return [...counts].map(([n, c]) => (c > 1 ? `${n} × ${c}` : n));
}

/** The lines of a charge (each hire it funded, at what was paid after the coupon) or of a refund (its job). */
export async function receiptLines(tx: TransactionPayload): Promise<ReceiptLine[]> {
  const db = await getDb();
  const funds =
    tx.kind === 'charge'
      ? await db.select().from(jobFunds).where(eq(jobFunds.charge_id, tx.id))
      : tx.kind === 'refund' && tx.reference_type === 'package_job' && tx.reference_id
        ? (await db.select().from(jobFunds).where(eq(jobFunds.job_id, tx.reference_id))).map((f) => ({ ...f, paid: tx.fee }))
        : [];
  if (funds.length === 0) return [];
  const [hires, jobs] = await Promise.all([
    db
      .select({ id: hirings.id, podcast: podcasts.title, campaign_id: campaigns.id, campaign: campaigns.title })
      .from(hirings)
      .innerJoin(podcasts, eq(podcasts.id, hirings.podcast_id))
      .innerJoin(campaigns, eq(campaigns.id, hirings.campaign_id))
      .where(
        inArray(
          hirings.id,
          funds.map((f) => f.hiring_id),
        ),
      ),
    db
      .select({ id: packageJobs.id, description: packageJobs.description, ad: ads.title })
      .from(packageJobs)
      .leftJoin(campaignAds, eq(campaignAds.id, packageJobs.campaign_ad_id))
      .leftJoin(ads, eq(ads.id, campaignAds.ad_id))
      .where(
        inArray(
          packageJobs.id,
          funds.map((f) => f.job_id),
        ),
      ),
  ]);
  return hires.map((h) => {
    const mine = funds.filter((f) => f.hiring_id === h.id);
    return {
      podcast_title: h.podcast,
      campaign_id: h.campaign_id,
      campaign_title: h.campaign,
      jobs: grouped(
        mine.map((f) => {
          const j = jobs.find((x) => x.id === f.job_id);
          return [j?.ad ?? 'Ad', j?.description].filter(Boolean).join(': ');
        }),
      ),
      amount: mine.reduce((s, f) => s + f.paid, 0),
    };
  });
}

/** The code of the brand's latest charge that funded any of these hirings (null when a coupon covered them whole, or none was funded). */
export async function chargeCodeOfHirings(brandUserId: number, hiringIds: number[]): Promise<string | null> {
  if (hiringIds.length === 0) return null;
  const db = await getDb();
  const [row] = await db
    .select({ code: transactions.code })
    .from(jobFunds)
    .innerJoin(transactions, eq(transactions.id, jobFunds.charge_id))
    .where(and(eq(jobFunds.brand_user_id, brandUserId), inArray(jobFunds.hiring_id, hiringIds), isNotNull(jobFunds.charge_id)))
    .orderBy(desc(transactions.id))
    .limit(1);
  return row?.code ?? null;
}
