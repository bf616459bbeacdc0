/**
 * Hiring: the brand picks jobs from one or more proposals of a campaign; one hiring (status new) is
 * created per proposal with its job_ids and total, and each podcaster is notified. Funding comes next.
 * A hire that takes a campaign past its remaining budget (budget less what is already hired) is a 422
 * naming that budget unless the request says `confirm_over_budget: true`; the campaign row is locked
 * while this is decided, so two hires racing cannot pass the budget unconfirmed.
 */
import { and, eq, inArray, ne } from 'drizzle-orm';
import { z } from 'zod';
import { emitDealEvent } from '../../domain-events';
import { getDb, brands, campaigns, hirings, opportunities, packageJobs, packages, podcasts } from '../../db';
import { fieldError, validate } from '../../http';
import { notify } from '../../notifications';
import { transitionOpportunities, transitionPackage } from '../deal-status';
import { publishPackageChanged } from '../proposals';
import { publishHiringChanged } from './events';
import { billableJobsOf, proposalTotal } from '../../../proposal-total';
import { formatMoney } from '../../../format/money';
import { campaignHired, remainingBudget } from './campaign-hired';
import type { HiringRow } from './hiring-status';
import { serializeHirings } from './list-hirings';
import type { HiringPayload } from '../../../campaign-types';

export const hireSchema = z.object({
  job_ids: z.array(z.coerce.number().int().positive()).min(1, 'Choose at least one job to hire.').max(200),
  confirm_over_budget: z.preprocess((v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v), z.boolean().optional()),
});

/** The 422 of a hire past the campaign's remaining budget, naming it. */
export function overBudgetMessage(campaignTitle: string, total: number, remaining: number, budget: number): string {
  return `This hire of ${formatMoney(total)} is more than the ${formatMoney(remaining)} left of the ${formatMoney(budget)} budget of “${campaignTitle}”. Confirm to hire past the budget.`;
}

/** Creates the hirings of the chosen jobs (grouped by proposal). */
export async function createHirings(brandUserId: number, body: unknown): Promise<HiringPayload[]> {
  const input = validate(hireSchema, body);
  const ids = [...new Set(input.job_ids)];
  const db = await getDb();
  const rows = await db
    .select({ job: packageJobs, pkg: packages, campaign: campaigns, podcast: podcasts.title })
    .from(packageJobs)
    .innerJoin(packages, eq(packages.id, packageJobs.package_id))
    .innerJoin(campaigns, eq(campaigns.id, packages.campaign_id))
    .innerJoin(podcasts, eq(podcasts.id, packages.podcast_id))
    .where(and(inArray(packageJobs.id, ids), eq(campaigns.brand_user_id, brandUserId)));
  if (rows.length !== ids.length) throw fieldError('job_ids', 'The selected jobs are invalid.');
  if (rows.some((r) => r.job.declined_at || r.job.status !== 'pending')) throw fieldError('job_ids', 'Declined or started jobs cannot be hired.');
  if (rows.some((r) => r.pkg.status === 'declined' || r.pkg.status === 'withdrawn'))
    throw fieldError('job_ids', 'A declined or withdrawn proposal cannot be hired.');

  const packageIds = [...new Set(rows.map((r) => r.pkg.id))];
  const already = await db
    .select({ job_ids: hirings.job_ids })
    .from(hirings)
    .where(and(inArray(hirings.package_id, packageIds), ne(hirings.status, 'cancelled')));
  const taken = new Set(already.flatMap((h) => h.job_ids));

  const byPackage = new Map<number, typeof rows>();
  for (const r of rows) byPackage.set(r.pkg.id, [...(byPackage.get(r.pkg.id) ?? []), r]);

  const created: HiringRow[] = await db.transaction(async (tx) => {
    // The campaigns' budgets: locked, then what is already hired plus this hire against each.
    const campaignIds = [...new Set(rows.map((r) => r.campaign.id))].sort((a, b) => a - b);
    const locked = await tx.select().from(campaigns).where(inArray(campaigns.id, campaignIds)).orderBy(campaigns.id).for('update');
    if (!input.confirm_over_budget) {
      for (const campaign of locked) {
        if (campaign.budget === null) continue;
        let adding = 0;
        for (const [packageId, picked] of byPackage) {
          if (picked[0]!.campaign.id !== campaign.id) continue;
          const allJobs = await tx.select().from(packageJobs).where(eq(packageJobs.package_id, packageId));
          adding += proposalTotal(
            billableJobsOf(
              allJobs,
              picked.map((p) => p.job.id),
            ),
          );
        }
        const remaining = remainingBudget(campaign.budget, await campaignHired(tx, campaign.id))!;
        if (adding > remaining) throw fieldError('confirm_over_budget', overBudgetMessage(campaign.title, adding, remaining, campaign.budget));
      }
    }
    const out: HiringRow[] = [];
    for (const [packageId, picked] of byPackage) {
      const { pkg, campaign } = picked[0]!;
      // A hire holds the billable jobs it stands for: a chosen multi-episode item hires each of its episodes.
      const allJobs = await tx.select().from(packageJobs).where(eq(packageJobs.package_id, packageId));
      const billable = billableJobsOf(
        allJobs,
        picked.map((p) => p.job.id),
      );
      if (billable.length === 0) throw fieldError('job_ids', 'The selected jobs are invalid.');
      if (billable.some((j) => j.status !== 'pending')) throw fieldError('job_ids', 'Declined or started jobs cannot be hired.');
      if (billable.some((j) => taken.has(j.id))) throw fieldError('job_ids', 'One of these jobs is already hired.');
      const [hiring] = await tx
        .insert(hirings)
        .values({
          campaign_id: campaign.id,
          brand_user_id: brandUserId,
          podcast_id: pkg.podcast_id,
          podcaster_user_id: pkg.podcaster_user_id,
          package_id: packageId,
          total_price: proposalTotal(billable),
          job_ids: billable.map((j) => j.id).sort((a, b) => a - b),
          status: 'new',
        })
        .returning();
      await transitionPackage(tx, packageId, 'hired');
      await transitionOpportunities(tx, eq(opportunities.package_id, packageId), 'hired');
      out.push(hiring!);
    }
    return out;
  });

  const payloads = await serializeHirings(created);
  const [brand] = await db.select({ name: brands.name }).from(brands).where(eq(brands.user_id, brandUserId));
  for (const [i, h] of created.entries()) {
    const r = byPackage.get(h.package_id)![0]!;
    await notify(h.podcaster_user_id, {
      type: 'hiring.created',
      title: 'You were hired',
      description: `${r.campaign.title} hired ${h.job_ids.length} job${h.job_ids.length === 1 ? '' : 's'} of your proposal for ${r.podcast}. Work starts once the brand funds it.`,
      user_id: brandUserId,
      podcast_id: h.podcast_id,
      link_type: 'workroom',
      link: payloads[i]!.workroom_link,
    });
    await publishHiringChanged('created', h);
    await publishPackageChanged('updated', h.package_id);
    const ads = `${h.job_ids.length} ad${h.job_ids.length === 1 ? '' : 's'}`;
    await emitDealEvent({
      step: 'hired',
      packageId: h.package_id,
      jobIds: h.job_ids,
      text: `${brand?.name || 'The brand'} hired ${r.podcast} for ${ads}, ${formatMoney(h.total_price)} in all. Work starts once the hire is funded.`,
    });
  }
  return payloads;
}
