/**
 * Linking the aired episode (POST /api/deliverables/{id}/episode {episode_id} | {url}, 202) and the
 * brand's answer to a link the listener could not confirm (confirm: completed; dispute: back in
 * progress, the podcaster links again). A link left unanswered for 7 days completes on its own.
 */
import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import { z } from 'zod';
import { getDb } from '../db/client';
import { airChecks, campaigns, deliverables, discussions, episodes, packageJobs, packages, podcasts } from '../db/schema';
import { fieldError, HttpError, notFound, validate } from '../http';
import { enqueue } from '../jobs/queue';
import { sanitizeHtml } from '../content/sanitize-html';
import type { SessionUser } from '../users/session-user';
import { postSystemMessage } from '../workrooms/post-message';
import { announceJobChanges, brandNameOf, transitionJob } from './job-status';
import { UNANSWERED_LINK_DAYS, type AirCheckRow } from './listen';

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
      }, 'The url must be the episode’s audio address (http or https).')
      .optional(),
  })
  .refine((v) => v.episode_id !== undefined || v.url !== undefined, {
    message: 'Choose the episode the ad aired in, or paste its audio URL.',
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
    created_at: c.created_at.toISOString(),
    checked_at: c.checked_at?.toISOString() ?? null,
  };
}

async function deliverableContext(deliverableId: number) {
  const db = await getDb();
  const [row] = await db
    .select({ d: deliverables, job: packageJobs, pkg: packages, brandUserId: campaigns.brand_user_id, podcast: podcasts })
    .from(deliverables)
    .innerJoin(packageJobs, eq(packageJobs.id, deliverables.package_job_id))
    .innerJoin(packages, eq(packages.id, packageJobs.package_id))
    .innerJoin(campaigns, eq(campaigns.id, packages.campaign_id))
    .innerJoin(podcasts, eq(podcasts.id, packages.podcast_id))
    .where(eq(deliverables.id, deliverableId));
  return row ?? null;
}

/** The podcaster links the episode their approved ad aired in; the listener runs in the background. */
export async function linkEpisode(user: SessionUser, deliverableId: number, body: unknown): Promise<AirCheckRow> {
  const input = validate(linkEpisodeSchema, body);
  const ctx = await deliverableContext(deliverableId);
  if (!ctx || ctx.pkg.podcaster_user_id !== user.id) throw notFound();
  if (!ctx.job.is_funded) throw fieldError('job', 'This job is not funded yet: the brand funds the hire before the ad airs.');
  if (ctx.job.status === 'completed') throw fieldError('job', 'This ad is already verified on air.');
  if (ctx.job.status === 'dropped') throw fieldError('job', 'This ad was dropped.');
  if (ctx.d.status !== 'accepted') throw fieldError('deliverable', 'The brand approves the ad before its episode is linked.');
  const db = await getDb();
  let episodeId: number | null = null;
  let url: string | null = input.url ?? null;
  if (input.episode_id !== undefined) {
    const [episode] = await db
      .select()
      .from(episodes)
      .where(and(eq(episodes.id, input.episode_id), eq(episodes.podcast_id, ctx.podcast.id)));
    if (!episode) throw fieldError('episode_id', `That episode is not in ${ctx.podcast.title}’s feed.`);
    if (!episode.enclosure_url) throw fieldError('episode_id', 'That episode has no audio file.');
    episodeId = episode.id;
    url = null;
  } else if (url) {
    // An audio URL of one of the podcast's own episodes is that episode (measurement prefixes peeled).
    const known = await db.select({ id: episodes.id, enclosure: episodes.enclosure_url }).from(episodes).where(eq(episodes.podcast_id, ctx.podcast.id));
    const bare = (u: string) => u.replace(/^https?:\/\//, '').split('#')[0]!;
    const match = known.find((e) => e.enclosure && (bare(e.enclosure) === bare(url!) || bare(url!).endsWith(`/${bare(e.enclosure)}`)));
    if (match) {
      episodeId = match.id;
      url = null;
    }
  }
  const check = await db.transaction(async (tx) => {
    // A newer link replaces the earlier ones that are not settled.
    await tx
      .update(airChecks)
      .set({ status: 'replaced' })
      .where(and(eq(airChecks.package_job_id, ctx.job.id), eq(airChecks.source, 'link'), inArray(airChecks.status, ['pending', 'not-found'])));
    const [row] = await tx
      .insert(airChecks)
      .values({ package_job_id: ctx.job.id, deliverable_id: deliverableId, episode_id: episodeId, url, source: 'link', linked_by: user.id })
      .returning();
    await enqueue(LISTEN_JOB, { check_id: row!.id }, { db: tx, maxAttempts: 3 });
    return row!;
  });
  return check;
}

/** The link waiting for the brand's answer of a deliverable's job, or a 422. */
async function waitingLink(deliverableId: number): Promise<AirCheckRow> {
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

/** The brand confirms (the ad aired: completed) or disputes (back in progress) a link the listener could not confirm. */
export async function answerLink(user: SessionUser, deliverableId: number, answer: 'confirmed' | 'disputed', reason?: string): Promise<AirCheckRow> {
  const ctx = await deliverableContext(deliverableId);
  if (!ctx || ctx.brandUserId !== user.id) throw notFound();
  const check = await waitingLink(deliverableId);
  const db = await getDb();
  const note = reason?.trim();
  const change = await db.transaction(async (tx) => {
    await tx.update(airChecks).set({ status: answer, answered_at: new Date() }).where(eq(airChecks.id, check.id));
    return answer === 'confirmed'
      ? transitionJob(tx, ctx.job.id, 'completed', {}, 'The brand confirmed that it aired.')
      : transitionJob(tx, ctx.job.id, 'in-progress', { aired_episode_id: null, aired_at: null, ad_offset_ms: null }, note ? `“${note}”` : undefined);
  });
  const brand = await brandNameOf(user.id);
  const [room] = await roomsOf([ctx.pkg.id]);
  if (room)
    await postSystemMessage(
      room,
      sanitizeHtml(
        answer === 'confirmed'
          ? `<p>${escapeText(brand)} confirmed that the ad aired. The job is completed and its fee is released to the podcaster.</p>`
          : `<p>${escapeText(brand)} disputes that the ad aired in the linked episode.${note ? ` “${escapeText(note)}”` : ''} Link the episode it aired in.</p>`,
      ),
    );
  await announceJobChanges([change], { side: 'brand', userId: user.id });
  return (await db.select().from(airChecks).where(eq(airChecks.id, check.id)))[0]!;
}

const escapeText = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

async function roomsOf(packageIds: number[]): Promise<number[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: discussions.id })
    .from(discussions)
    .where(and(inArray(discussions.package_id, packageIds), eq(discussions.type, 'package')));
  return rows.map((r) => r.id);
}

/** Completes the jobs whose linked episode the brand left unanswered for UNANSWERED_LINK_DAYS (the scheduled sweep). */
export async function completeUnansweredLinks(now = new Date()): Promise<number> {
  const db = await getDb();
  const cutoff = new Date(now.getTime() - UNANSWERED_LINK_DAYS * 86_400_000);
  const waiting = await db
    .select({ check: airChecks, job: packageJobs })
    .from(airChecks)
    .innerJoin(packageJobs, eq(packageJobs.id, airChecks.package_job_id))
    .where(and(eq(airChecks.source, 'link'), eq(airChecks.status, 'not-found'), lt(airChecks.checked_at, cutoff), eq(packageJobs.status, 'in-review')));
  let done = 0;
  for (const { check, job } of waiting) {
    const change = await db.transaction(async (tx) => {
      await tx.update(airChecks).set({ status: 'confirmed', answered_at: now }).where(eq(airChecks.id, check.id));
      return transitionJob(tx, job.id, 'completed', {}, `The linked episode was not disputed within ${UNANSWERED_LINK_DAYS} days.`);
    });
    const [room] = await roomsOf([job.package_id]);
    if (room)
      await postSystemMessage(
        room,
        `<p>The linked episode was not disputed within ${UNANSWERED_LINK_DAYS} days, so the ad counts as aired. The job is completed and its fee is released to the podcaster.</p>`,
      );
    await announceJobChanges([change], { side: 'system' });
    done++;
  }
  return done;
}
