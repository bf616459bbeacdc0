/**
 * The ad-review flow: a podcaster submits a deliverable for a job (the ad audio, posted as an ad-review
 * message in the package's workroom); the brand approves or rejects it. Only an ad-review message
 * with a deliverable can be approved or rejected.
 */
import { and, eq } from 'drizzle-orm';
import { now } from '../clock';
import { getDb, campaigns, deliverables, messages, packageJobs, packages, users } from '../db';
import { fieldError, notFound } from '../http';
import { notifyAndMail } from '../notifications';
import type { SessionUser } from '../users';
import { storeUploads, assertOwnFiles } from './attachments';
import { publishDeliverableUpdated, publishMessageCreated, publishMessageUpdated } from './events';
import { memberIds } from './membership';
import { publishJobsUpdated } from '../marketplace';
import { transitionJob } from '../delivery';
import { messagePayload, type MessagePayload } from './message-payload';
import { packageDiscussion } from './open-discussion';
import { insertMessage, postSystemMessage } from './post-message';

export type DeliverableRow = typeof deliverables.$inferSelect;

/** The podcaster submits an ad for review: a deliverable and an ad-review message carrying its file. */
export async function submitDeliverable(
  user: SessionUser,
  jobId: number,
  input: { content?: string; uploads?: File[]; content_files_ids?: number[] },
): Promise<{ deliverable: DeliverableRow; message: MessagePayload }> {
  const db = await getDb();
  const [row] = await db
    .select({ job: packageJobs, pkg: packages, campaign: campaigns })
    .from(packageJobs)
    .innerJoin(packages, eq(packages.id, packageJobs.package_id))
    .innerJoin(campaigns, eq(campaigns.id, packages.campaign_id))
    .where(eq(packageJobs.id, jobId));
  if (!row || row.pkg.podcaster_user_id !== user.id) throw notFound();
  if (row.job.status === 'completed' || row.job.status === 'dropped') throw fieldError('job', 'This job is closed; it cannot take a new deliverable.');
  if (row.job.status === 'in-review') throw fieldError('job', 'An ad for this job is already waiting for the brand’s review.');
  if (!row.job.is_funded) throw fieldError('job', 'This job is not funded yet: the brand funds the hire before the ad is delivered.');
  const [accepted] = await db
    .select({ id: deliverables.id })
    .from(deliverables)
    .where(and(eq(deliverables.package_job_id, jobId), eq(deliverables.status, 'accepted')))
    .limit(1);
  if (accepted) throw fieldError('job', 'The ad for this job is already approved: link the episode it aired in.');
  const fileIds = [...new Set(input.content_files_ids ?? [])];
  await assertOwnFiles(user.id, fileIds);
  if (fileIds.length === 0 && !input.uploads?.length) throw fieldError('files', 'Attach the ad’s audio file.');
  const discussion = await packageDiscussion(user, row.pkg.id);
  const content = input.content?.trim() || `Here is the ad for “${row.job.description || row.campaign.title}”, ready for your review.`;
  const { deliverable, message } = await db.transaction(async (tx) => {
    const stored = await storeUploads(user.id, input.uploads ?? [], tx);
    const all = [...fileIds, ...stored];
    const [d] = await tx.insert(deliverables).values({ package_job_id: jobId, status: 'pending', reference_type: 'file', reference_id: all[0]! }).returning();
    await transitionJob(tx, jobId, 'in-review');
    const m = await insertMessage(tx, discussion, { content, content_files_ids: all, user_id: user.id, type: 'ad-review', deliverable_id: d!.id });
    await tx.update(deliverables).set({ reply_id: m.id }).where(eq(deliverables.id, d!.id));
    return { deliverable: { ...d!, reply_id: m.id }, message: m };
  });
  const payload = await messagePayload(message);
  const members = await memberIds(discussion.id);
  await publishMessageCreated(payload, members);
  await publishDeliverableUpdated(discussion.id, deliverable, members);
  await publishJobsUpdated([jobId]);
  const name = `${user.row.first_name} ${user.row.last_name}`.trim();
  await notifyAndMail(row.campaign.brand_user_id, {
    kind: 'deliverables',
    type: 'deliverable.submitted',
    title: `${name} submitted an ad for review`,
    description: `${row.campaign.title}: listen and approve it, or ask for changes.`,
    img: user.row.avatar,
    user_id: user.id,
    podcast_id: row.pkg.podcast_id,
    link_type: 'workroom',
    link: `/workrooms/${discussion.type}/${discussion.id}`,
    action: 'Review the ad',
  });
  return { deliverable, message: payload };
}

/** The brand approves or rejects the deliverable of an ad-review message. */
export async function reviewDeliverable(
  user: SessionUser,
  deliverableId: number,
  decision: 'approved' | 'rejected',
  reason?: string,
): Promise<{ deliverable: DeliverableRow; message: MessagePayload }> {
  const db = await getDb();
  const [row] = await db
    .select({ d: deliverables, job: packageJobs, pkg: packages, campaign: campaigns })
    .from(deliverables)
    .innerJoin(packageJobs, eq(packageJobs.id, deliverables.package_job_id))
    .innerJoin(packages, eq(packages.id, packageJobs.package_id))
    .innerJoin(campaigns, eq(campaigns.id, packages.campaign_id))
    .where(eq(deliverables.id, deliverableId));
  if (!row || row.campaign.brand_user_id !== user.id) throw notFound();
  const [review] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.deliverable_id, deliverableId), eq(messages.type, 'ad-review')))
    .limit(1);
  if (!review) throw fieldError('deliverable', 'Only an ad-review message with a deliverable can be approved or rejected.');
  if (row.d.status !== 'pending') throw fieldError('deliverable', `This ad was already ${row.d.status === 'accepted' ? 'approved' : 'rejected'}.`);
  const approved = decision === 'approved';
  const [updated] = await db.transaction(async (tx) => {
    const d = await tx
      .update(deliverables)
      .set({ status: approved ? 'accepted' : 'rejected', approved_at: approved ? now() : null })
      .where(eq(deliverables.id, deliverableId))
      .returning();
    // Approved: back in progress, waiting to air (the job completes once it is verified on air, which
    // releases the fee). Rejected: the podcaster sends a new version.
    if (approved) await transitionJob(tx, row.job.id, 'in-progress');
    else await transitionJob(tx, row.job.id, 'rejected', { has_reject_deliverable: true });
    return d;
  });
  const brandName = user.brand?.name || `${user.row.first_name} ${user.row.last_name}`.trim();
  const updatedReview = await messagePayload(review);
  await publishMessageUpdated(updatedReview);
  const note = reason?.trim();
  await postSystemMessage(
    review.discussion_id,
    approved
      ? `${brandName} approved the ad. Once the episode is out, link it here (or let Cuepoint find it in the feed): Cuepoint listens for the ad and completes the job when it is on air.`
      : `${brandName} asked for changes to the ad.${note ? ` “${note}”` : ''} Submit a new version when it is ready.`,
  );
  const members = await memberIds(review.discussion_id);
  await publishDeliverableUpdated(review.discussion_id, updated!, members);
  await publishJobsUpdated([row.job.id]);
  const [podcaster] = await db.select({ id: users.id }).from(users).where(eq(users.id, row.pkg.podcaster_user_id));
  if (podcaster) {
    await notifyAndMail(podcaster.id, {
      kind: 'deliverables',
      type: approved ? 'deliverable.approved' : 'deliverable.rejected',
      title: approved ? `${brandName} approved your ad` : `${brandName} asked for changes to your ad`,
      description: approved
        ? `${row.campaign.title}: the ad is approved. Once it airs, link the episode so Cuepoint can verify it.`
        : `${row.campaign.title}: ${note || 'see the workroom for what to change.'}`,
      img: user.brand?.avatar_url ?? user.row.avatar,
      user_id: user.id,
      podcast_id: row.pkg.podcast_id,
      link_type: 'workroom',
      link: `/workrooms/package/${review.discussion_id}`,
    });
  }
  return { deliverable: updated!, message: updatedReview };
}
