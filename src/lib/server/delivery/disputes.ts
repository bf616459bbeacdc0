/**
 * Disputes (issue 33): a brand who does not accept a linked episode disputes it with a reason; the job
 * waits in review, the podcaster may add their side, and an admin (/admin/disputes) reads the evidence
 * and both sides' words, then releases the fee (the job completes: payments' releaseJobFunds) or
 * refunds the brand (the job is dropped: payments' refundJobFunds), both through the job-status module.
 * Both sides are told each step: a thread message (plain text, as the thread shows system lines), a
 * notification, and mail when they are away.
 */
import { aliasedTable, and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { formatDate } from '../../format/dates';
import { formatMoney } from '../../format/money';
import { getDb, airChecks, brands, campaigns, disputes, episodes, packageJobs, packages, podcasts, users } from '../db';
import { fieldError, notFound, validate } from '../http';
import { notify, notifyAndMail } from '../notifications';
import { publishJobsUpdated } from '../marketplace';
import type { SessionUser } from '../users';
import { emitDealEvent } from '../domain-events';
import type { DisputePayload } from '../../delivery-types';
import { evidenceJsonSql, evidenceOf } from './evidence';
import { brandNameOf, transitionJob } from './job-status';
import { deliverableContext, roomOfPackage, waitingLink } from './link-episode';

export type DisputeRow = typeof disputes.$inferSelect;

export const disputeReasonSchema = z.object({
  reason: z
    .string({ error: 'Say why you dispute it: what you heard, or did not.' })
    .trim()
    .min(10, 'Say why you dispute it in a sentence or two (at least 10 characters).')
    .max(2000, 'Keep the reason under 2000 characters.'),
});

export const disputeResponseSchema = z.object({
  response: z
    .string({ error: 'Write your side.' })
    .trim()
    .min(10, 'Write your side in a sentence or two (at least 10 characters).')
    .max(2000, 'Keep it under 2000 characters.'),
});

export const disputeDecisionSchema = z.object({
  note: z.string().trim().max(2000, 'Keep the note under 2000 characters.').optional(),
});

/** The workroom link of a package. */
const roomLink = (room: number | null) => (room ? `/workrooms/package/${room}` : '/workrooms');

/** The admins, who review disputes. */
async function adminIds(): Promise<number[]> {
  const db = await getDb();
  return (
    await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.type, 'ADMIN'), sql`${users.deleted_at} is null`))
  ).map((r) => r.id);
}

/** The brand disputes the linked episode of a deliverable (POST /api/deliverables/{id}/disputed {reason}): it goes to the admins' queue. */
export async function disputeLink(user: SessionUser, deliverableId: number, body: unknown): Promise<DisputeRow> {
  const { reason } = validate(disputeReasonSchema, body);
  const ctx = await deliverableContext(deliverableId);
  if (!ctx || ctx.brandUserId !== user.id) throw notFound();
  const check = await waitingLink(deliverableId);
  const db = await getDb();
  const dispute = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(airChecks).where(eq(airChecks.id, check.id)).for('update');
    if (locked?.status !== 'not-found') throw fieldError('deliverable', 'No linked episode waits for your answer.');
    await tx.update(airChecks).set({ status: 'disputed', answered_at: new Date() }).where(eq(airChecks.id, check.id));
    const [row] = await tx
      .insert(disputes)
      .values({ package_job_id: ctx.job.id, deliverable_id: deliverableId, air_check_id: check.id, brand_user_id: user.id, reason })
      .onConflictDoNothing()
      .returning();
    if (!row) throw fieldError('deliverable', 'This ad is already disputed: a Cuepoint admin is reviewing it.');
    return row;
  });
  const brand = await brandNameOf(user.id);
  const room = await roomOfPackage(ctx.pkg.id);
  if (room)
    await emitDealEvent({
      step: 'disputed',
      packageId: ctx.pkg.id,
      jobIds: [ctx.job.id],
      text: `${brand} disputes that the ad aired in the linked episode: “${reason}” A Cuepoint admin reviews the evidence and both sides’ words, then releases the fee to the podcaster or refunds the brand. Podcaster: add your side in the delivery panel.`,
    });
  await publishJobsUpdated([ctx.job.id]);
  await notifyAndMail(ctx.pkg.podcaster_user_id, {
    kind: 'deliverables',
    type: 'job.disputed',
    title: `${brand} disputes that your ad aired`,
    description: `“${reason}” A Cuepoint admin will review it; add your side in the workroom.`,
    user_id: user.id,
    podcast_id: ctx.podcast.id,
    link_type: 'workroom',
    link: roomLink(room),
    action: 'Add your side',
  });
  for (const admin of await adminIds())
    await notify(admin, {
      type: 'dispute.opened',
      title: 'A brand disputes an aired ad',
      description: `${brand} disputes ${ctx.podcast.title}’s linked episode: “${reason}”`,
      podcast_id: ctx.podcast.id,
      link_type: 'admin',
      link: '/admin/disputes',
    });
  return dispute;
}

/** The podcaster adds their side to an open dispute of their ad (POST /api/disputes/{id}/response {response}). */
export async function respondToDispute(user: SessionUser, disputeId: number, body: unknown): Promise<DisputeRow> {
  const { response } = validate(disputeResponseSchema, body);
  const db = await getDb();
  const [row] = await db
    .select({ dispute: disputes, pkg: packages })
    .from(disputes)
    .innerJoin(packageJobs, eq(packageJobs.id, disputes.package_job_id))
    .innerJoin(packages, eq(packages.id, packageJobs.package_id))
    .where(eq(disputes.id, disputeId));
  if (!row || row.pkg.podcaster_user_id !== user.id) throw notFound();
  if (row.dispute.status !== 'open') throw fieldError('response', 'This dispute is settled already.');
  const [updated] = await db
    .update(disputes)
    .set({ response, responded_at: new Date() })
    .where(and(eq(disputes.id, disputeId), eq(disputes.status, 'open')))
    .returning();
  if (!updated) throw fieldError('response', 'This dispute is settled already.');
  const room = await roomOfPackage(row.pkg.id);
  const name = `${user.row.first_name} ${user.row.last_name}`.trim() || 'The podcaster';
  if (room)
    await emitDealEvent({ step: 'disputed', packageId: row.pkg.id, jobIds: [row.dispute.package_job_id], text: `${name} answered the dispute: “${response}”` });
  await publishJobsUpdated([row.dispute.package_job_id]);
  await notifyAndMail(row.dispute.brand_user_id, {
    kind: 'deliverables',
    type: 'job.dispute-answered',
    title: `${name} answered your dispute`,
    description: `“${response}”`,
    user_id: user.id,
    podcast_id: row.pkg.podcast_id,
    link_type: 'workroom',
    link: roomLink(room),
  });
  return updated;
}

/** The disputes of the admin's queue (GET /api/admin/disputes?status=open|settled): open ones oldest first, settled ones newest first. */
export async function listDisputes(status: 'open' | 'settled' = 'open'): Promise<DisputePayload[]> {
  const db = await getDb();
  const brandUser = aliasedTable(users, 'brand_user');
  const podcasterUser = aliasedTable(users, 'podcaster_user');
  const rows = await db
    .select({
      d: disputes,
      job: packageJobs,
      campaign: { id: campaigns.id, title: campaigns.title },
      brandName: brands.name,
      brandUser: { id: brandUser.id, first: brandUser.first_name, last: brandUser.last_name, email: brandUser.email },
      podcaster: { id: podcasterUser.id, first: podcasterUser.first_name, last: podcasterUser.last_name, email: podcasterUser.email },
      podcast: { id: podcasts.id, title: podcasts.title },
      approvedAt: sql<string | null>`(select x.approved_at from deliverables x where x.id = ${disputes.deliverable_id})`,
      room: sql<number | null>`(select r.id from discussions r where r.package_id = ${packages.id} and r.type = 'package' limit 1)`,
      evidence: sql`(
        select json_build_object(
          'id', c.id, 'source', c.source, 'status', c.status, 'url', c.url, 'offset_ms', c.offset_ms, 'matched_ms', c.matched_ms,
          'ad_ms', c.ad_ms, 'score', c.score, 'airings', c.airings, 'error', c.error, 'checked_at', c.checked_at,
          'episode_id', ce.id, 'episode_title', ce.title, 'episode_published_at', ce.published_at, 'episode_url', ce.enclosure_url
        ) from ${airChecks} c left join ${episodes} ce on ce.id = c.episode_id where c.id = ${disputes.air_check_id}
      )`.mapWith((v) => v as Parameters<typeof evidenceOf>[0] | null),
    })
    .from(disputes)
    .innerJoin(packageJobs, eq(packageJobs.id, disputes.package_job_id))
    .innerJoin(packages, eq(packages.id, packageJobs.package_id))
    .innerJoin(campaigns, eq(campaigns.id, packages.campaign_id))
    .innerJoin(podcasts, eq(podcasts.id, packages.podcast_id))
    .innerJoin(brandUser, eq(brandUser.id, disputes.brand_user_id))
    .innerJoin(podcasterUser, eq(podcasterUser.id, packages.podcaster_user_id))
    .leftJoin(brands, eq(brands.user_id, disputes.brand_user_id))
    .where(status === 'open' ? eq(disputes.status, 'open') : inArray(disputes.status, ['released', 'refunded']))
    .orderBy(status === 'open' ? disputes.created_at : desc(disputes.resolved_at))
    .limit(200);
  const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());
  return rows.map((r) => ({
    id: r.d.id,
    status: r.d.status,
    reason: r.d.reason,
    response: r.d.response,
    responded_at: iso(r.d.responded_at),
    created_at: r.d.created_at.toISOString(),
    resolved_at: iso(r.d.resolved_at),
    resolution_note: r.d.resolution_note,
    job: {
      id: r.job.id,
      description: r.job.description,
      fee: r.job.fee,
      fee_display: formatMoney(r.job.fee),
      status: r.job.status,
      delivery_date: r.job.delivery_date,
    },
    campaign: r.campaign,
    brand: { id: r.brandUser.id, name: r.brandName || `${r.brandUser.first} ${r.brandUser.last}`.trim(), email: r.brandUser.email },
    podcaster: { id: r.podcaster.id, name: `${r.podcaster.first} ${r.podcaster.last}`.trim(), email: r.podcaster.email },
    podcast: r.podcast,
    approved_at: iso(r.approvedAt),
    evidence: r.evidence ? evidenceOf(r.evidence) : null,
    workroom_link: r.room ? `/workrooms/package/${r.room}` : null,
  }));
}

/**
 * An admin settles an open dispute (POST /api/admin/disputes/{id}/release | /refund {note?}): release
 * completes the job and releases its fee to the podcaster; refund drops it and refunds the brand.
 */
export async function resolveDispute(admin: SessionUser, disputeId: number, decision: 'release' | 'refund', body: unknown): Promise<DisputeRow> {
  const { note } = validate(disputeDecisionSchema, body ?? {});
  const db = await getDb();
  const { dispute, change } = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(disputes).where(eq(disputes.id, disputeId)).for('update');
    if (!locked) throw notFound();
    if (locked.status !== 'open')
      throw fieldError('dispute', `This dispute was settled already (${locked.status === 'released' ? 'the fee was released' : 'the brand was refunded'}).`);
    const change =
      decision === 'release'
        ? await transitionJob(tx, locked.package_job_id, 'completed', {}, 'A Cuepoint admin released the fee after reviewing the dispute.')
        : await transitionJob(
            tx,
            locked.package_job_id,
            'dropped',
            { aired_episode_id: null, aired_at: null, ad_offset_ms: null },
            'A Cuepoint admin refunded the brand after reviewing the dispute.',
          );
    const [updated] = await tx
      .update(disputes)
      .set({ status: decision === 'release' ? 'released' : 'refunded', resolved_by: admin.id, resolution_note: note || null, resolved_at: new Date() })
      .where(eq(disputes.id, disputeId))
      .returning();
    return { dispute: updated!, change };
  });
  const [ctx] = await db
    .select({ job: packageJobs, pkg: packages, campaign: campaigns.title, podcast: podcasts.title })
    .from(packageJobs)
    .innerJoin(packages, eq(packages.id, packageJobs.package_id))
    .innerJoin(campaigns, eq(campaigns.id, packages.campaign_id))
    .innerJoin(podcasts, eq(podcasts.id, packages.podcast_id))
    .where(eq(packageJobs.id, dispute.package_job_id));
  const room = ctx ? await roomOfPackage(ctx.pkg.id) : null;
  const fee = ctx ? formatMoney(ctx.job.fee) : '';
  const what =
    decision === 'release'
      ? `A Cuepoint admin reviewed the dispute and released the fee (${fee}) to the podcaster: the ad counts as aired.`
      : `A Cuepoint admin reviewed the dispute and refunded the brand: the ad does not count as aired, and what was paid for it goes back to the card.`;
  if (room && ctx)
    await emitDealEvent({
      step: decision === 'release' ? 'released' : 'refunded',
      packageId: ctx.pkg.id,
      jobIds: [ctx.job.id],
      text: `${what}${note ? ` “${note}”` : ''}`,
    });
  // The jobs event for both sides' screens; the notification (and mail) below says what the admin decided.
  if (change) await publishJobsUpdated([change.jobId]);
  if (ctx) {
    const description = `${ctx.campaign} on ${ctx.podcast}, disputed ${formatDate(dispute.created_at)}: ${what}${note ? ` “${note}”` : ''}`;
    const title = decision === 'release' ? 'The dispute is settled: the fee is released' : 'The dispute is settled: the brand is refunded';
    for (const userId of [dispute.brand_user_id, ctx.pkg.podcaster_user_id])
      await notifyAndMail(userId, {
        kind: 'deliverables',
        type: `dispute.${decision === 'release' ? 'released' : 'refunded'}`,
        title,
        description,
        podcast_id: ctx.pkg.podcast_id,
        link_type: 'workroom',
        link: roomLink(room),
      });
  }
  return dispute;
}

/** The open dispute of each of the given jobs (for the delivery panel). */
export function openDisputeJsonSql(jobId: SQL) {
  return sql<{ id: number; reason: string; response: string | null; created_at: string } | null>`(
    select json_build_object('id', x.id, 'reason', x.reason, 'response', x.response, 'created_at', x.created_at)
    from ${disputes} x where x.package_job_id = ${jobId} and x.status = 'open' limit 1
  )`;
}

export { evidenceJsonSql };
