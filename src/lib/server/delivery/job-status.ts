/**
 * THE writer of package_jobs.status (core §4; issue 12 "The job's life"). Every other domain asks
 * for a transition here; this module checks it against the table, writes it inside the caller's
 * transaction, moves the money that goes with it (completed releases the fee, dropped refunds a funded
 * job, through payments), and after commit publishes the `job.updated` event and tells the other side.
 *
 *   pending      proposed or hired, not funded
 *   in-progress  funded: air date, recording; also approved and waiting to air
 *   in-review    an ad waits for the brand's review, or a linked episode for the brand's confirmation
 *   completed    verified on air (the fee is released)
 *   rejected     the brand rejected the ad (or declined the proposal item); a new ad puts it back in review
 *   dropped      dropped or cancelled before completion (a funded job is refunded)
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db';
import { handleDealTxStep } from '../domain-events';
import { getDb, brands, campaigns, discussions, packageJobs, packages, podcasts, users } from '../db';
import { fieldError, notFound } from '../http';
import { notify } from '../notifications';
import { refundJobFunds, releaseJobFunds } from '../payments';
import { publishJobsUpdated } from '../marketplace';

export type JobStatus = (typeof packageJobs.$inferSelect)['status'];
export type JobRow = typeof packageJobs.$inferSelect;

/** Which status may follow which. */
export const JOB_TRANSITIONS: Record<JobStatus, readonly JobStatus[]> = {
  pending: ['in-progress', 'rejected', 'dropped'],
  'in-progress': ['in-review', 'completed', 'dropped'],
  'in-review': ['in-progress', 'rejected', 'completed', 'dropped'],
  rejected: ['in-review', 'dropped'],
  completed: [],
  dropped: [],
};

/** True when a job may go from one status to another. */
export function canTransition(from: JobStatus, to: JobStatus): boolean {
  return JOB_TRANSITIONS[from].includes(to);
}

/** Who asked: the side that is not told (the system tells both). */
export type Actor = { side: 'brand' | 'podcaster'; userId: number } | { side: 'system' };

/** Delivery's own columns that travel with a transition. */
export type JobFields = Partial<Pick<JobRow, 'has_reject_deliverable' | 'aired_episode_id' | 'aired_at' | 'ad_offset_ms' | 'declined_at' | 'is_funded'>>;

export interface JobChange {
  jobId: number;
  from: JobStatus;
  to: JobStatus;
  /** Why, in one sentence, for the notification (a reject reason, "found at 12:04"). */
  note?: string;
  /** The notification's title when the status alone does not say it (an air date booked). */
  title?: string;
}

const CLOSED_MESSAGE: Record<string, string> = {
  completed: 'This ad is completed.',
  dropped: 'This ad was dropped.',
};

/**
 * Moves a job to `to` inside the caller's transaction (the row locked), with delivery's columns;
 * answers the change, or null when it already is there. A transition the table does not allow is a
 * 422 that says why.
 */
export async function transitionJob(tx: Tx, jobId: number, to: JobStatus, fields: JobFields = {}, note?: string): Promise<JobChange | null> {
  const [job] = await tx.select().from(packageJobs).where(eq(packageJobs.id, jobId)).for('update');
  if (!job) throw notFound();
  if (job.status === to) {
    if (Object.keys(fields).length) await tx.update(packageJobs).set(fields).where(eq(packageJobs.id, jobId));
    return null;
  }
  if (!canTransition(job.status, to)) throw fieldError('job', CLOSED_MESSAGE[job.status] ?? `A job that is ${job.status} cannot become ${to}.`);
  await tx
    .update(packageJobs)
    .set({ ...fields, status: to })
    .where(eq(packageJobs.id, jobId));
  // The money that goes with the state, in the same transaction (both are idempotent).
  if (to === 'completed') await releaseJobFunds(tx, jobId);
  if (to === 'dropped' && job.is_funded) await refundJobFunds(tx, jobId);
  return { jobId, from: job.status, to, note };
}

/** Writes delivery's columns of a job without changing its status (air date, aired episode). */
export async function updateJobFields(tx: Tx, jobId: number, fields: JobFields & Partial<Pick<JobRow, 'delivery_date'>>): Promise<void> {
  await tx.update(packageJobs).set(fields).where(eq(packageJobs.id, jobId));
}

/**
 * Funding (payments runs the 'jobs-funded' step inside its charge's transaction, and this handles it): the
 * jobs and their multi-episode parents are funded and leave pending. Payments' own `payments.funded` job
 * announces it after commit.
 */
export async function markJobsFunded(tx: Tx, jobIds: number[]): Promise<JobChange[]> {
  if (!jobIds.length) return [];
  await tx.update(packageJobs).set({ is_funded: true }).where(inArray(packageJobs.id, jobIds));
  const pending = await tx
    .select({ id: packageJobs.id })
    .from(packageJobs)
    .where(and(inArray(packageJobs.id, jobIds), eq(packageJobs.status, 'pending')));
  const changes: JobChange[] = [];
  for (const { id } of pending) {
    const change = await transitionJob(tx, id, 'in-progress');
    if (change) changes.push(change);
  }
  return changes;
}

const NOTICE: Record<JobStatus, { title: string; type: string }> = {
  pending: { title: 'An ad is waiting for funding', type: 'job.pending' },
  'in-progress': { title: 'An ad is in progress', type: 'job.in-progress' },
  'in-review': { title: 'An ad waits for review', type: 'job.in-review' },
  completed: { title: 'An ad is completed', type: 'job.completed' },
  rejected: { title: 'An ad was rejected', type: 'job.rejected' },
  dropped: { title: 'An ad was dropped', type: 'job.dropped' },
};

/** After commit: `job.updated` to both sides, and a notification to the side that did not act. */
export async function announceJobChanges(changes: Array<JobChange | null>, actor: Actor): Promise<void> {
  const real = changes.filter((c): c is JobChange => c !== null);
  if (!real.length) return;
  await publishJobsUpdated(real.map((c) => c.jobId));
  const db = await getDb();
  const rows = await db
    .select({
      job: packageJobs,
      pkg: packages,
      campaign: campaigns.title,
      brandUserId: campaigns.brand_user_id,
      brandName: brands.name,
      podcast: podcasts.title,
      podcastAvatar: podcasts.avatar_url,
      room: discussions.id,
    })
    .from(packageJobs)
    .innerJoin(packages, eq(packages.id, packageJobs.package_id))
    .innerJoin(campaigns, eq(campaigns.id, packages.campaign_id))
    .innerJoin(podcasts, eq(podcasts.id, packages.podcast_id))
    .leftJoin(brands, eq(brands.user_id, campaigns.brand_user_id))
    .leftJoin(discussions, and(eq(discussions.package_id, packages.id), eq(discussions.type, 'package')))
    .where(
      inArray(
        packageJobs.id,
        real.map((c) => c.jobId),
      ),
    );
  for (const change of real) {
    const row = rows.find((r) => r.job.id === change.jobId);
    if (!row) continue;
    const what = `${row.campaign}: “${row.job.description || 'an ad'}” on ${row.podcast}`;
    const notice = NOTICE[change.to];
    const recipients: number[] = [];
    if (actor.side !== 'brand') recipients.push(row.brandUserId);
    if (actor.side !== 'podcaster') recipients.push(row.pkg.podcaster_user_id);
    for (const userId of recipients) {
      await notify(userId, {
        type: notice.type,
        title: change.title ?? notice.title,
        description: `${what}${change.from === change.to ? '' : ` is now ${change.to.replace('-', ' ')}`}.${change.note ? ` ${change.note}` : ''}`,
        img: userId === row.brandUserId ? row.podcastAvatar : null,
        user_id: actor.side === 'system' ? null : actor.userId,
        podcast_id: row.pkg.podcast_id,
        link_type: 'workroom',
        link: row.room ? `/workrooms/package/${row.room}` : '/workrooms',
      });
    }
  }
}

/** The brand's display name for messages. */
export async function brandNameOf(brandUserId: number): Promise<string> {
  const db = await getDb();
  const [row] = await db
    .select({ name: brands.name, first: users.first_name, last: users.last_name })
    .from(users)
    .leftJoin(brands, eq(brands.user_id, users.id))
    .where(eq(users.id, brandUserId));
  return row?.name || `${row?.first ?? ''} ${row?.last ?? ''}`.trim() || 'The brand';
}

/**
 * Handles the steps the domains below delivery run on jobs (domain-events.ts); boot calls it once per process:
 * payments' 'jobs-funded' (markJobsFunded) and the marketplace's 'jobs-ended' (a declined item, a cancelled hire).
 */
export function registerJobSteps(): void {
  handleDealTxStep('jobs-funded', (tx, { jobIds }) => markJobsFunded(tx, jobIds));
  handleDealTxStep('jobs-ended', async (tx, { jobIds, to, declinedAt }) => {
    for (const id of jobIds) await transitionJob(tx, id, to, declinedAt ? { declined_at: declinedAt } : {});
  });
}
