/**
 * The podcaster's earnings screen (core §1 "see earnings", issue 11 §6): the four figures from the
 * ledger (available, pending, paid out, lifetime) and the hires brands made, each with what the
 * podcaster receives after the service fee (counted per job, exactly as each release is).
 */
import { desc, eq, inArray } from 'drizzle-orm';
import { getDb, brands, campaigns, hirings, packageJobs, podcasts } from '../../db';
import { earningsAndFee } from '../earnings';
import { serviceFee, type EarningsFigures } from '../../../payments';
import { billableJobsOf, proposalTotal } from '../../../proposal-total';

export interface EarningHire {
  id: number;
  campaign_title: string;
  brand_name: string;
  podcast_title: string;
  status: 'new' | 'funded' | 'cancelled' | 'completed';
  total_price: number;
  net: number;
  jobs_count: number;
  jobs_completed: number;
  created_at: string;
}

export interface PodcasterEarnings {
  service_fee_percent: number;
  figures: EarningsFigures;
  hires: EarningHire[];
  hires_total: number;
  page: number;
  last_page: number;
}

/** The user's four figures and a page of their hires (newest first). */
export async function podcasterEarnings(userId: number, page = 1, perPage = 20): Promise<PodcasterEarnings> {
  const db = await getDb();
  const [{ figures, service_fee_percent: feePercent }, all] = await Promise.all([
    earningsAndFee(userId),
    db
      .select({ h: hirings, campaign_title: campaigns.title, brand_name: brands.name, podcast_title: podcasts.title })
      .from(hirings)
      .innerJoin(campaigns, eq(campaigns.id, hirings.campaign_id))
      .innerJoin(podcasts, eq(podcasts.id, hirings.podcast_id))
      .leftJoin(brands, eq(brands.user_id, hirings.brand_user_id))
      .where(eq(hirings.podcaster_user_id, userId))
      .orderBy(desc(hirings.created_at), desc(hirings.id)),
  ]);
  const packageIds = [...new Set(all.map((r) => r.h.package_id))];
  const jobs = packageIds.length ? await db.select().from(packageJobs).where(inArray(packageJobs.package_id, packageIds)) : [];
  const hires: EarningHire[] = all.map((r) => {
    const mine = billableJobsOf(jobs, r.h.job_ids);
    return {
      id: r.h.id,
      campaign_title: r.campaign_title,
      brand_name: r.brand_name || 'A brand',
      podcast_title: r.podcast_title,
      status: r.h.status,
      total_price: proposalTotal(mine),
      net: mine.reduce((s, j) => s + j.fee - serviceFee(j.fee, feePercent), 0),
      jobs_count: mine.length,
      jobs_completed: mine.filter((j) => j.status === 'completed').length,
      created_at: r.h.created_at.toISOString(),
    };
  });
  const lastPage = Math.max(1, Math.ceil(hires.length / perPage));
  const current = Math.min(Math.max(1, page), lastPage);
  return {
    service_fee_percent: feePercent,
    figures,
    hires: hires.slice((current - 1) * perPage, current * perPage),
    hires_total: hires.length,
    page: current,
    last_page: lastPage,
  };
}
