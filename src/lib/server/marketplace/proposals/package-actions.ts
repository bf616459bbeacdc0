/** What a brand does to a proposal in the feed: star, rate, decline one item. */
import { and, eq, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { getDb, campaigns, discussions, hirings, packageJobs, packages, podcasts, rates } from '../../db';
import { emitDealEvent, runDealTxStep } from '../../domain-events';
import { formatMoney } from '../../../format/money';
import { HttpError, notFound, validate } from '../../http';
import { notify } from '../../notifications';
import { publishJobsUpdated, publishPackageChanged } from './events';
import { transitionPackage } from '../deal-status';
import type { FeedPackagePayload } from '../../../campaign-types';
import { proposalTotal } from '../../../proposal-total';
import { findBrandPackage, serializePackagesForBrand } from './brand-feed';
import { setPodcastRating } from '../../podcasts';

async function reload(packageId: number): Promise<FeedPackagePayload> {
  const db = await getDb();
  const [row] = await db.select().from(packages).where(eq(packages.id, packageId));
  return (await serializePackagesForBrand([row!]))[0]!;
}

/** Stars or unstars a package of one of the brand's campaigns. */
export async function setPackageStarred(brandUserId: number, packageId: number, starred: boolean): Promise<FeedPackagePayload> {
  const pkg = await findBrandPackage(brandUserId, packageId);
  const db = await getDb();
  await db.update(packages).set({ starred }).where(eq(packages.id, pkg.id));
  return reload(pkg.id);
}

const score = z.coerce.number().int('Ratings are whole stars from 0 to 5.').min(0, 'Ratings go from 0 to 5.').max(5, 'Ratings go from 0 to 5.');
export const ratesSchema = z.object({ responsiveness: score.optional(), conversion: score.optional(), content_quality: score.optional() });

/** Why a brand may not rate yet: a rating tells other brands how working with the podcaster went, so it follows a hire. */
export const RATE_BEFORE_HIRE = 'You can rate this podcaster once you have hired them from this proposal.';

/**
 * Rates a package's responsiveness, conversion and content quality (0 to 5); omitted scores stay. Only
 * a proposal the brand hired from (any of its items, a hire cancelled later included) can be rated: 422 before.
 */
export async function ratePackage(brandUserId: number, packageId: number, body: unknown): Promise<FeedPackagePayload> {
  const input = validate(ratesSchema, body);
  const pkg = await findBrandPackage(brandUserId, packageId);
  const db = await getDb();
  const [hired] = await db
    .select({ id: hirings.id })
    .from(hirings)
    .where(and(eq(hirings.package_id, pkg.id), eq(hirings.brand_user_id, brandUserId)))
    .limit(1);
  if (!hired) throw new HttpError(422, RATE_BEFORE_HIRE, { rates: [RATE_BEFORE_HIRE] });
  const set = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  await db
    .insert(rates)
    .values({ package_id: pkg.id, ...set })
    .onConflictDoUpdate({ target: rates.package_id, set: Object.keys(set).length ? set : { package_id: pkg.id } });
  await refreshRatingAvg(pkg.podcast_id);
  return reload(pkg.id);
}

/** A podcast's rating_avg: the mean of every rating's three scores (0 when it has none). */
export async function refreshRatingAvg(podcastId: number): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ avg: sql<string | null>`avg((${rates.responsiveness} + ${rates.conversion} + ${rates.content_quality}) / 3.0)` })
    .from(rates)
    .innerJoin(packages, eq(packages.id, rates.package_id))
    .where(eq(packages.podcast_id, podcastId));
  const avg = row?.avg === null || row?.avg === undefined ? 0 : Math.round(Number(row.avg) * 100) / 100;
  await setPodcastRating(podcastId, avg);
  return avg;
}

/**
 * Declines one item (job) of a proposal. When every item is declined the proposal moves to the
 * declined tab. The podcaster is told.
 */
export async function declineProposalItem(brandUserId: number, jobId: number): Promise<FeedPackagePayload> {
  const db = await getDb();
  const [found] = await db
    .select({ job: packageJobs, pkg: packages, title: campaigns.title, podcast: podcasts.title })
    .from(packageJobs)
    .innerJoin(packages, eq(packages.id, packageJobs.package_id))
    .innerJoin(campaigns, eq(campaigns.id, packages.campaign_id))
    .innerJoin(podcasts, eq(podcasts.id, packages.podcast_id))
    .where(and(eq(packageJobs.id, jobId), eq(campaigns.brand_user_id, brandUserId)));
  if (!found) throw notFound();
  if (found.job.declined_at) return reload(found.pkg.id);
  const [hired] = await db
    .select({ id: hirings.id })
    .from(hirings)
    .where(and(eq(hirings.brand_user_id, brandUserId), sql`${hirings.job_ids} @> ${JSON.stringify([jobId])}::jsonb`))
    .limit(1);
  if (hired || found.job.is_funded)
    throw new HttpError(422, 'This item is hired, so it cannot be declined: cancel it from Hires instead (a funded item is refunded).', {
      job: ['This item is hired, so it cannot be declined: cancel it from Hires instead (a funded item is refunded).'],
    });
  if (found.job.status !== 'pending') throw new HttpError(422, 'Only a pending item that is not hired can be declined.');
  await db.transaction(async (tx) => {
    // A multi-episode item is declined with every episode of it (delivery's job-status module writes the status).
    const episodes = await tx
      .select({ id: packageJobs.id })
      .from(packageJobs)
      .where(or(eq(packageJobs.id, jobId), eq(packageJobs.parent_id, jobId)));
    const declinedAt = new Date();
    // Delivery moves the jobs (it owns their states), in this transaction.
    await runDealTxStep(tx, 'jobs-ended', { jobIds: episodes.map((e) => e.id), to: 'rejected', declinedAt });
    const jobs = await tx.select().from(packageJobs).where(eq(packageJobs.package_id, found.pkg.id));
    const left = jobs.some((j) => !j.declined_at);
    if (!left && found.pkg.status === 'pending') await transitionPackage(tx, found.pkg.id, 'declined', { total_price: proposalTotal(jobs) });
    else
      await tx
        .update(packages)
        .set({ total_price: proposalTotal(jobs) })
        .where(eq(packages.id, found.pkg.id));
  });
  const payload = await reload(found.pkg.id);
  const [room] = await db
    .select({ id: discussions.id })
    .from(discussions)
    .where(and(eq(discussions.package_id, found.pkg.id), eq(discussions.type, 'package')))
    .limit(1);
  await notify(found.pkg.podcaster_user_id, {
    type: 'proposal-item.declined',
    title: 'Proposal item declined',
    description: `${found.title} declined “${found.job.description || 'an item'}” of your proposal for ${found.podcast}.`,
    user_id: brandUserId,
    podcast_id: found.pkg.podcast_id,
    link_type: 'workroom',
    link: room ? `/workrooms/package/${room.id}` : '/workrooms',
  });
  await publishJobsUpdated([jobId]);
  await publishPackageChanged('updated', found.pkg.id);
  await emitDealEvent({
    step: 'declined',
    packageId: found.pkg.id,
    jobIds: [jobId],
    text: `${found.title}: the brand declined one item of the proposal (${formatMoney(found.job.fee)}).`,
  });
  return payload;
}
