/**
 * Linking the aired episode (POST /api/deliverables/{id}/episode {episode_id} | {url}, 202) and the
 * brand's answer to a link the listener could not confirm (issues 12 and 33).
 *
 * An episode can be linked only if it is one of the show's (by id, or by URL: an item of the show's
 * feed, read again when the address is not known yet) and was published on or after the day the brand
 * approved the ad; the picker (GET /api/deliverables/{id}/episodes) offers only those. The brand confirms
 * (completed, the fee released) or disputes (disputes.ts: an admin decides). A link left unanswered for
 * 7 days completes on its own, but only when its episode passed the date rule and could be listened to.
 */
import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, lte } from 'drizzle-orm';
import { z } from 'zod';
import { formatDate } from '../../format/dates';
import { now } from '../clock';
import { getDb, airChecks, campaigns, deliverables, discussions, disputes, episodes, hostedPodcasts, packageJobs, packages, podcasts } from '../db';
import { fieldError, HttpError, notFound, validate } from '../http';
import { enqueue } from '../jobs';
import type { SessionUser } from '../users';
import { emitDealEvent } from '../domain-events';
import { airsAfterApproval, publishedBeforeApproval, showDay } from './air-date-rule';
import { announceJobChanges, brandNameOf, transitionJob } from './job-status';
import { UNANSWERED_LINK_DAYS, type AirCheckRow } from './listen';
import { pollFeed } from '../podcasts';
import { recordFeedEnclosures } from '../measurement';

export const LISTEN_JOB = 'delivery.listen';

declare module '../jobs/queue' {
  interface JobPayloads {
    'delivery.listen': { check_id: number };
  }
}

export const linkEpisodeSchema = z
  .object({
    episode_id: z.coerce.number().int().positive('Choose an episode of the podcast.').optional(),
    url: z
      .string()
      .trim()
      .max(2000)
      .refine((v) => {
        try {
          return ['http:', 'https:'].includes(new URL(v).protocol);
        } catch {
          return false;
        }
      }, 'The url must be the address of an episode in the show’s feed (http or https).')
      .optional(),
  })
  .refine((v) => v.episode_id !== undefined || v.url !== undefined, {
    message: 'Choose the episode the ad aired in, or paste its address from the show’s feed.',
    path: ['episode_id'],
  });

/** The check payload. */
export function serializeAirCheck(c: AirCheckRow) {
  return {
    id: c.id,
    package_job_id: c.package_job_id,
    deliverable_id: c.deliverable_id,
    episode_id: c.episode_id,
    url: c.url,
    source: c.source,
    status: c.status,
    ad_offset_ms: c.offset_ms,
    matched_ms: c.matched_ms,
    ad_ms: c.ad_ms,
    score: c.score,
    airings: c.airings ?? [],
    created_at: c.created_at.toISOString(),
    checked_at: c.checked_at?.toISOString() ?? null,
  };
}

export async function deliverableContext(deliverableId: number) {
  const db = await getDb();
  const [row] = await db
    .select({ d: deliverables, job: packageJobs, pkg: packages, brandUserId: campaigns.brand_user_id, podcast: podcasts, hosted: hostedPodcasts.id })
    .from(deliverables)
    .innerJoin(packageJobs, eq(packageJobs.id, deliverables.package_job_id))
    .innerJoin(packages, eq(packages.id, packageJobs.package_id))
    .innerJoin(campaigns, eq(campaigns.id, packages.campaign_id))
    .innerJoin(podcasts, eq(podcasts.id, packages.podcast_id))
    .leftJoin(hostedPodcasts, and(eq(hostedPodcasts.podcast_id, podcasts.id), eq(hostedPodcasts.is_completed, true)))
    .where(eq(deliverables.id, deliverableId));
  return row ?? null;
}

type Context = NonNullable<Awaited<ReturnType<typeof deliverableContext>>>;
type EpisodeRow = typeof episodes.$inferSelect;

/** The day the ad was approved (the show's), and its display. */
function approvalOf(ctx: Context): { at: Date; day: string; shown: string } {
  const at = ctx.d.approved_at ?? ctx.d.updated_at;
  const day = showDay(at, ctx.podcast.time_zone);
  return { at, day, shown: formatDate(day) };
}

/** An address without its scheme, fragment and measurement prefixes' host part, for comparing two URLs of one file. */
const bare = (u: string) => u.replace(/^https?:\/\//, '').split('#')[0]!;
const sameAudio = (known: string | null, url: string) => !!known && (bare(known) === bare(url) || bare(url).endsWith(`/${bare(known)}`));

/** The show's episode at an address (its audio, its original audio, or its page), or null. */
async function episodeAt(podcastId: number, url: string): Promise<EpisodeRow | null> {
  const db = await getDb();
  const known = await db.select().from(episodes).where(eq(episodes.podcast_id, podcastId));
  return known.find((e) => sameAudio(e.enclosure_url, url) || sameAudio(e.original_enclosure_url, url) || (e.url && bare(e.url) === bare(url))) ?? null;
}

/** The podcaster's episode for a link, or a 422 that says what to link instead. */
async function linkableEpisode(ctx: Context, input: { episode_id?: number; url?: string }): Promise<EpisodeRow> {
  const db = await getDb();
  const approval = approvalOf(ctx);
  const field = input.episode_id !== undefined ? 'episode_id' : 'url';
  let episode: EpisodeRow | null = null;
  if (input.episode_id !== undefined) {
    [episode = null] = await db
      .select()
      .from(episodes)
      .where(and(eq(episodes.id, input.episode_id), eq(episodes.podcast_id, ctx.podcast.id)));
    if (!episode) throw fieldError('episode_id', `That episode is not in ${ctx.podcast.title}’s feed.`);
  } else {
    const url = input.url!;
    episode = await episodeAt(ctx.podcast.id, url);
    // An episode published a moment ago: read the show's feed again (ours is always current).
    if (!episode && !ctx.hosted && (await pollFeed(ctx.podcast, recordFeedEnclosures))) episode = await episodeAt(ctx.podcast.id, url);
    if (!episode)
      throw fieldError(
        'url',
        `That address is not an episode in ${ctx.podcast.title}’s feed. Link the episode as the feed lists it: choose it in the list, or paste its audio address from the feed (an episode published on or after ${approval.shown}).`,
      );
  }
  if (episode.status !== 'current' || !episode.published_at) throw fieldError(field, 'That episode is not published: link the episode your listeners got.');
  if (episode.published_at > now()) throw fieldError(field, `That episode is scheduled for ${formatDate(episode.published_at)}: link it once it is out.`);
  if (!episode.enclosure_url) throw fieldError(field, 'That episode has no audio file.');
  if (!airsAfterApproval(episode.published_at, approval.at, ctx.podcast.time_zone))
    throw fieldError(field, publishedBeforeApproval(episode.published_at, approval.at, ctx.podcast.time_zone));
  return episode;
}

/** The podcaster's own deliverable whose episode can be linked now, or the reason it cannot. */
async function podcasterDeliverable(user: SessionUser, deliverableId: number): Promise<Context> {
  const ctx = await deliverableContext(deliverableId);
  if (!ctx || ctx.pkg.podcaster_user_id !== user.id) throw notFound();
  if (!ctx.job.is_funded) throw fieldError('job', 'This job is not funded yet: the brand funds the hire before the ad airs.');
  if (ctx.job.status === 'completed') throw fieldError('job', 'This ad is already verified on air.');
  if (ctx.job.status === 'dropped') throw fieldError('job', 'This ad was dropped.');
  if (ctx.d.status !== 'accepted') throw fieldError('deliverable', 'The brand approves the ad before its episode is linked.');
  return ctx;
}

/** The episodes a deliverable's aired episode can be chosen from (GET /api/deliverables/{id}/episodes): published, on or after the approval day. */
export async function linkableEpisodes(user: SessionUser, deliverableId: number) {
  const ctx = await podcasterDeliverable(user, deliverableId);
  const approval = approvalOf(ctx);
  const db = await getDb();
  // A day's margin either side of the approval instant; the show's day decides below.
  const rows = await db
    .select({ id: episodes.id, title: episodes.title, published_at: episodes.published_at })
    .from(episodes)
    .where(
      and(
        eq(episodes.podcast_id, ctx.podcast.id),
        eq(episodes.status, 'current'),
        isNotNull(episodes.enclosure_url),
        gte(episodes.published_at, new Date(approval.at.getTime() - 86_400_000)),
        lte(episodes.published_at, now()),
      ),
    )
    .orderBy(desc(episodes.published_at))
    .limit(100);
  return {
    approved_on: approval.day,
    episodes: rows
      .filter((e) => airsAfterApproval(e.published_at, approval.at, ctx.podcast.time_zone))
      .map((e) => ({ id: e.id, title: e.title, published_at: e.published_at!.toISOString() })),
  };
}

/** The podcaster links the episode their approved ad aired in; the listener runs in the background. */
export async function linkEpisode(user: SessionUser, deliverableId: number, body: unknown): Promise<AirCheckRow> {
  const input = validate(linkEpisodeSchema, body);
  const ctx = await podcasterDeliverable(user, deliverableId);
  const db = await getDb();
  const [open] = await db
    .select({ id: disputes.id })
    .from(disputes)
    .where(and(eq(disputes.package_job_id, ctx.job.id), eq(disputes.status, 'open')));
  if (open) throw fieldError('job', 'The brand disputes the linked episode: a Cuepoint admin is reviewing it and will release the fee or refund the brand.');
  const episode = await linkableEpisode(ctx, input);
  return db.transaction(async (tx) => {
    // A newer link replaces the earlier ones that are not settled.
    await tx
      .update(airChecks)
      .set({ status: 'replaced' })
      .where(and(eq(airChecks.package_job_id, ctx.job.id), eq(airChecks.source, 'link'), inArray(airChecks.status, ['pending', 'not-found'])));
    const [row] = await tx
      .insert(airChecks)
      .values({ package_job_id: ctx.job.id, deliverable_id: deliverableId, episode_id: episode.id, url: null, source: 'link', linked_by: user.id })
      .returning();
    await enqueue(LISTEN_JOB, { check_id: row!.id }, { db: tx, maxAttempts: 3 });
    return row!;
  });
}

/** The link waiting for the brand's answer of a deliverable's job, or a 422. */
export async function waitingLink(deliverableId: number): Promise<AirCheckRow> {
  const db = await getDb();
  const [check] = await db
    .select()
    .from(airChecks)
    .where(and(eq(airChecks.deliverable_id, deliverableId), eq(airChecks.source, 'link'), eq(airChecks.status, 'not-found')))
    .orderBy(desc(airChecks.id))
    .limit(1);
  if (!check) throw new HttpError(422, 'No linked episode waits for your answer.', { deliverable: ['No linked episode waits for your answer.'] });
  return check;
}

export async function roomOfPackage(packageId: number): Promise<number | null> {
  const db = await getDb();
  const [room] = await db
    .select({ id: discussions.id })
    .from(discussions)
    .where(and(eq(discussions.package_id, packageId), eq(discussions.type, 'package')))
    .limit(1);
  return room?.id ?? null;
}

/** The brand confirms that the ad aired in a link the listener could not confirm: the job completes and its fee is released. */
export async function confirmAired(user: SessionUser, deliverableId: number): Promise<AirCheckRow> {
  const ctx = await deliverableContext(deliverableId);
  if (!ctx || ctx.brandUserId !== user.id) throw notFound();
  const check = await waitingLink(deliverableId);
  const db = await getDb();
  const [episode] = check.episode_id ? await db.select().from(episodes).where(eq(episodes.id, check.episode_id)) : [];
  const change = await db.transaction(async (tx) => {
    // Only the answer to the link that still waits (two clicks, two tabs: one answer).
    const [locked] = await tx.select().from(airChecks).where(eq(airChecks.id, check.id)).for('update');
    if (locked?.status !== 'not-found') throw fieldError('deliverable', 'No linked episode waits for your answer.');
    await tx.update(airChecks).set({ status: 'confirmed', answered_at: new Date() }).where(eq(airChecks.id, check.id));
    return transitionJob(tx, ctx.job.id, 'completed', {}, 'The brand confirmed that it aired.');
  });
  const brand = await brandNameOf(user.id);
  const room = await roomOfPackage(ctx.pkg.id);
  const where = episode ? ` in “${episode.title}”${episode.published_at ? ` (published ${formatDate(episode.published_at)})` : ''}` : '';
  // The thread shows system lines as plain text.
  if (room)
    await emitDealEvent({
      step: 'aired',
      packageId: ctx.pkg.id,
      jobIds: [ctx.job.id],
      text: `${brand} confirmed that the ad aired${where}. The job is completed and its fee is released to the podcaster.`,
    });
  await announceJobChanges([change], { side: 'brand', userId: user.id });
  return (await db.select().from(airChecks).where(eq(airChecks.id, check.id)))[0]!;
}

/**
 * Completes the jobs whose linked episode the brand left unanswered for UNANSWERED_LINK_DAYS (the
 * scheduled sweep): only an episode that passed the date rule and that Cuepoint could listen to.
 */
export async function completeUnansweredLinks(at = new Date()): Promise<number> {
  const db = await getDb();
  const cutoff = new Date(at.getTime() - UNANSWERED_LINK_DAYS * 86_400_000);
  const waiting = await db
    .select({ check: airChecks, job: packageJobs, published: episodes.published_at, approved: deliverables.approved_at, timeZone: podcasts.time_zone })
    .from(airChecks)
    .innerJoin(packageJobs, eq(packageJobs.id, airChecks.package_job_id))
    .innerJoin(packages, eq(packages.id, packageJobs.package_id))
    .innerJoin(podcasts, eq(podcasts.id, packages.podcast_id))
    .innerJoin(deliverables, eq(deliverables.id, airChecks.deliverable_id))
    .innerJoin(episodes, eq(episodes.id, airChecks.episode_id))
    .where(
      and(
        eq(airChecks.source, 'link'),
        eq(airChecks.status, 'not-found'),
        isNull(airChecks.error),
        lt(airChecks.checked_at, cutoff),
        eq(packageJobs.status, 'in-review'),
      ),
    );
  let done = 0;
  for (const { check, job, published, approved, timeZone } of waiting) {
    if (!airsAfterApproval(published, approved, timeZone)) continue;
    const change = await db.transaction(async (tx) => {
      const [locked] = await tx.select().from(airChecks).where(eq(airChecks.id, check.id)).for('update');
      if (locked?.status !== 'not-found') return null;
      await tx.update(airChecks).set({ status: 'confirmed', answered_at: at }).where(eq(airChecks.id, check.id));
      return transitionJob(tx, job.id, 'completed', {}, `The linked episode was not disputed within ${UNANSWERED_LINK_DAYS} days.`);
    });
    if (!change) continue;
    const room = await roomOfPackage(job.package_id);
    if (room)
      await emitDealEvent({
        step: 'aired',
        packageId: job.package_id,
        jobIds: [job.id],
        text: `The linked episode was not disputed within ${UNANSWERED_LINK_DAYS} days, so the ad counts as aired. The job is completed and its fee is released to the podcaster.`,
      });
    await announceJobChanges([change], { side: 'system' });
    done++;
  }
  return done;
}
