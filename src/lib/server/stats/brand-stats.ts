/** The brand's top-bar counts (§3 brand stats), each with the link to where the brand acts on it. */
import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import { getDb } from '../db/client';
import { campaigns, packageJobs, packages } from '../db/schema';
import type { BrandStatsPayload } from '../../types';

/** Counts new proposals and jobs by state across the brand's campaigns. */
export async function brandStats(brandUserId: number): Promise<BrandStatsPayload> {
  const db = await getDb();
  const jobs = (status: 'in-review' | 'in-progress' | 'completed') =>
    db
      .select({ n: count(), campaign_id: packages.campaign_id })
      .from(packageJobs)
      .innerJoin(packages, eq(packages.id, packageJobs.package_id))
      .innerJoin(campaigns, eq(campaigns.id, packages.campaign_id))
      .where(and(eq(campaigns.brand_user_id, brandUserId), eq(packageJobs.status, status)))
      .groupBy(packages.campaign_id)
      .orderBy(asc(packages.campaign_id));
  const [proposals, review, progress, done] = await Promise.all([
    db
      .select({ n: count(), campaign_id: packages.campaign_id })
      .from(packages)
      .innerJoin(campaigns, eq(campaigns.id, packages.campaign_id))
      .where(
        and(eq(campaigns.brand_user_id, brandUserId), inArray(packages.status, ['pending']), eq(packages.starred, false), isNull(packages.extended_status)),
      )
      .groupBy(packages.campaign_id)
      .orderBy(asc(packages.campaign_id)),
    jobs('in-review'),
    jobs('in-progress'),
    jobs('completed'),
  ]);
  const total = (rows: { n: number }[]) => rows.reduce((sum, r) => sum + Number(r.n), 0);
  // One campaign: link straight to its feed tab; several: to the campaign list.
  const link = (rows: { campaign_id: number }[], tab: string, fallback: string) => (rows.length === 1 ? `/campaign/${rows[0]!.campaign_id}/${tab}` : fallback);
  return {
    new_proposals: { link: link(proposals, 'new', '/campaigns'), proposal_count: total(proposals) },
    pending_reviews: { link: link(review, 'in-review', '/workrooms'), job_count: total(review) },
    jobs_in_progress: { link: link(progress, 'hired', '/hirings/overview'), job_count: total(progress) },
    completed: { link: '/completed-ads', job_count: total(done) },
    fetched: true,
  };
}
