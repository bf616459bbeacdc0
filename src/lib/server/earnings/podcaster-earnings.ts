/**
 * The podcaster's earnings (core §1 "see earnings"): what brands hired them for, by status, minus the
 * service fee, and the transactions recorded for them. Funding and payouts come with payments, so
 * until then hirings stay `new` and there are no payout transactions; the screen says so.
 */
import { desc, eq, inArray } from 'drizzle-orm';
import { getDb } from '../db/client';
import { brands, campaigns, hirings, packageJobs, podcasters, podcasts, transactions } from '../db/schema';

export interface EarningHire {
  id: number;
  campaign_title: string;
  brand_name: string;
  podcast_title: string;
  status: 'new' | 'funded' | 'cancelled' | 'completed';
  total_price: number;
  net: number;
  jobs_count: number;
  created_at: string;
}

export interface EarningTransaction {
  id: number;
  code: string;
  fee: number;
  service_fee: number;
  status: string;
  source: string | null;
  created_at: string;
}

export interface PodcasterEarnings {
  service_fee_percent: number;
  totals: { hired: number; funded: number; completed: number; net_completed: number; paid_out: number };
  hires: EarningHire[];
  hires_total: number;
  page: number;
  last_page: number;
  transactions: EarningTransaction[];
}

/** The hire's total: its own total_price, else the sum of the fees of its single-episode jobs (§3). */
function hireTotal(total: number | null, jobs: { fee: number; episodes: number }[]): number {
  if (total !== null) return total;
  return jobs.filter((j) => j.episodes === 1).reduce((s, j) => s + j.fee, 0);
}

/** The user's earnings summary, a page of hires (newest first) and their latest transactions. */
export async function podcasterEarnings(userId: number, page = 1, perPage = 20): Promise<PodcasterEarnings> {
  const db = await getDb();
  const [profile] = await db.select({ fee: podcasters.service_fee_percent }).from(podcasters).where(eq(podcasters.user_id, userId));
  const feePercent = profile?.fee ?? 10;
  const net = (cents: number) => Math.round((cents * (100 - feePercent)) / 100);

  const all = await db
    .select({ h: hirings, campaign_title: campaigns.title, brand_name: brands.name, podcast_title: podcasts.title })
    .from(hirings)
    .innerJoin(campaigns, eq(campaigns.id, hirings.campaign_id))
    .innerJoin(podcasts, eq(podcasts.id, hirings.podcast_id))
    .leftJoin(brands, eq(brands.user_id, hirings.brand_user_id))
    .where(eq(hirings.podcaster_user_id, userId))
    .orderBy(desc(hirings.created_at), desc(hirings.id));
  const jobIds = [...new Set(all.flatMap((r) => r.h.job_ids))];
  const jobs = jobIds.length
    ? await db.select({ id: packageJobs.id, fee: packageJobs.fee, episodes: packageJobs.episodes }).from(packageJobs).where(inArray(packageJobs.id, jobIds))
    : [];
  const byId = new Map(jobs.map((j) => [j.id, j]));
  const hires: EarningHire[] = all.map((r) => {
    const total = hireTotal(
      r.h.total_price,
      r.h.job_ids.map((id) => byId.get(id)).filter((j): j is NonNullable<typeof j> => !!j),
    );
    return {
      id: r.h.id,
      campaign_title: r.campaign_title,
      brand_name: r.brand_name || 'A brand',
      podcast_title: r.podcast_title,
      status: r.h.status,
      total_price: total,
      net: net(total),
      jobs_count: r.h.job_ids.length,
      created_at: r.h.created_at.toISOString(),
    };
  });
  const sum = (list: EarningHire[]) => list.reduce((s, h) => s + h.total_price, 0);
  const live = hires.filter((h) => h.status !== 'cancelled');
  const funded = live.filter((h) => h.status === 'funded' || h.status === 'completed');
  const completed = live.filter((h) => h.status === 'completed');

  const txRows = await db.select().from(transactions).where(eq(transactions.user_id, userId)).orderBy(desc(transactions.created_at)).limit(50);
  const paidOut = txRows.filter((t) => t.status === 'paid' || t.status === 'completed').reduce((s, t) => s + t.fee - t.service_fee, 0);

  const lastPage = Math.max(1, Math.ceil(hires.length / perPage));
  const current = Math.min(Math.max(1, page), lastPage);
  return {
    service_fee_percent: feePercent,
    totals: { hired: sum(live), funded: sum(funded), completed: sum(completed), net_completed: net(sum(completed)), paid_out: paidOut },
    hires: hires.slice((current - 1) * perPage, current * perPage),
    hires_total: hires.length,
    page: current,
    last_page: lastPage,
    transactions: txRows.map((t) => ({
      id: t.id,
      code: t.code,
      fee: t.fee,
      service_fee: t.service_fee,
      status: t.status,
      source: t.source,
      created_at: t.created_at.toISOString(),
    })),
  };
}
