/**
 * The brand cancels a funded job that is not completed: the job is dropped and what the brand paid
 * for it goes back to the card (payments' refundJobFunds, in the same transaction). The podcaster is told.
 * The status write and the refund go through delivery's job-status module.
 */
import { and, eq, sql } from 'drizzle-orm';
import { emitDealEvent } from '../../domain-events';
import { formatMoney } from '../../../format/money';
import { getDb, campaigns, hirings, packageJobs, packages } from '../../db';
import { fieldError, notFound } from '../../http';
import { notify } from '../../notifications';
import { runDealTxStep } from '../../domain-events';
import { publishJobsUpdated } from '../proposals';
import type { SessionUser } from '../../users';
import type { HiringPayload } from '../../../campaign-types';
import { serializeHirings } from './list-hirings';

/** Drops one of the brand's funded, unfinished jobs and refunds it; answers its hiring. */
export async function cancelFundedJob(user: SessionUser, jobId: number): Promise<HiringPayload> {
  const db = await getDb();
  const { hiring, job, campaign } = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ job: packageJobs, campaign: campaigns.title })
      .from(packageJobs)
      .innerJoin(packages, eq(packages.id, packageJobs.package_id))
      .innerJoin(campaigns, eq(campaigns.id, packages.campaign_id))
      .where(and(eq(packageJobs.id, jobId), eq(campaigns.brand_user_id, user.id)))
      .for('update', { of: packageJobs });
    if (!row) throw notFound();
    const [hiring] = await tx
      .select()
      .from(hirings)
      .where(and(eq(hirings.brand_user_id, user.id), sql`${hirings.job_ids} @> ${JSON.stringify([jobId])}::jsonb`));
    if (!hiring || !row.job.is_funded) throw fieldError('job', 'Only a funded job can be cancelled here.');
    if (row.job.status === 'completed') throw fieldError('job', 'This ad is completed: its fee was released to the podcaster.');
    if (row.job.status !== 'dropped') await runDealTxStep(tx, 'jobs-ended', { jobIds: [jobId], to: 'dropped' });
    return { hiring, job: row.job, campaign: row.campaign };
  });
  await publishJobsUpdated([jobId]);
  const brand = user.brand?.name || `${user.row.first_name} ${user.row.last_name}`.trim();
  if (job.status !== 'dropped')
    await notify(hiring.podcaster_user_id, {
      type: 'job.cancelled',
      title: `${brand} cancelled an ad`,
      description: `${campaign}: “${job.description || 'an ad'}” was cancelled before it aired, and its funds go back to the brand.`,
      user_id: user.id,
      podcast_id: hiring.podcast_id,
      link_type: 'earnings',
      link: '/settings/earnings',
    });
  if (job.status !== 'dropped')
    await emitDealEvent({
      step: 'cancelled',
      packageId: job.package_id,
      jobIds: [jobId],
      text: `${brand} cancelled an ad (${formatMoney(job.fee)}) before it aired: what was paid for it goes back to the brand.`,
    });
  const [fresh] = await db.select().from(hirings).where(eq(hirings.id, hiring.id));
  return (await serializeHirings([fresh!]))[0]!;
}
