/**
 * Applications for hosting (hosting spec §2, §3): a podcaster applies for a podcast; an admin
 * approves (which admits the podcast: a hosted record with migration pending) or rejects (the
 * podcaster may apply again after can_reapply_at).
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import { getDb, hostedApplications, hostedPodcasts, podcasts, users } from '../db';
import { HttpError, notFound } from '../http';
import { notify } from '../notifications';
import { findOwnedPodcast } from '../podcasts';
import { hostedFeedUrl } from './hosted-feed-url';
import { publishHostedPodcastUpdated } from './events';
import { assertFeedOwnership, tellFirstOwner } from './feed-claims';

/** After a rejection, a podcaster may apply again after this many days. */
export const REAPPLY_AFTER_DAYS = 30;

export interface HostedApplicationPayload {
  id: number;
  podcast_id: number;
  status: 'pending' | 'approved' | 'rejected';
  can_reapply_at: string | null;
  created_at: string;
}

type AppRow = typeof hostedApplications.$inferSelect;
const serialize = (a: AppRow): HostedApplicationPayload => ({
  id: a.id,
  podcast_id: a.podcast_id,
  status: a.status,
  can_reapply_at: a.can_reapply_at?.toISOString() ?? null,
  created_at: a.created_at.toISOString(),
});

/** The latest application of a podcast, or null. */
export async function latestApplication(podcastId: number): Promise<HostedApplicationPayload | null> {
  const db = await getDb();
  const [row] = await db.select().from(hostedApplications).where(eq(hostedApplications.podcast_id, podcastId)).orderBy(desc(hostedApplications.id)).limit(1);
  return row ? serialize(row) : null;
}

/** The latest application of each podcast named (one statement), by podcast id; a podcast without one is absent. */
export async function latestApplications(podcastIds: number[]): Promise<Map<number, HostedApplicationPayload>> {
  if (podcastIds.length === 0) return new Map();
  const db = await getDb();
  const rows = await db
    .selectDistinctOn([hostedApplications.podcast_id])
    .from(hostedApplications)
    .where(inArray(hostedApplications.podcast_id, podcastIds))
    .orderBy(hostedApplications.podcast_id, desc(hostedApplications.id));
  return new Map(rows.map((r) => [r.podcast_id, serialize(r)]));
}

/** POST /api/podcasts/{id}/apply-hosting. */
export async function applyForHosting(user: { id: number }, podcastId: number, now = new Date()): Promise<HostedApplicationPayload> {
  const { podcast, hosted } = await findOwnedPodcast(user.id, podcastId);
  if (hosted) throw new HttpError(422, 'This podcast is already hosted on Cuepoint.', { podcast: ['This podcast is already hosted on Cuepoint.'] });
  const latest = await latestApplication(podcast.id);
  if (latest?.status === 'pending') throw new HttpError(422, 'Your application is being reviewed.', { podcast: ['Your application is being reviewed.'] });
  if (latest?.status === 'rejected' && latest.can_reapply_at && Date.parse(latest.can_reapply_at) > now.getTime()) {
    const message = `You can apply again on ${new Date(latest.can_reapply_at).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' })}.`;
    throw new HttpError(422, message, { podcast: [message] });
  }
  // One feed, one owner: a feed another account hosts needs a newer proof of ownership, and that account is told.
  const claim = await assertFeedOwnership(podcast);
  const db = await getDb();
  const [row] = await db.insert(hostedApplications).values({ podcast_id: podcast.id, status: 'pending' }).returning();
  if (claim) await tellFirstOwner(claim, 'applied for hosting');
  return serialize(row!);
}

export interface AdminApplicationRow extends HostedApplicationPayload {
  podcast_title: string;
  podcast_url: string;
  owner_name: string;
  owner_email: string;
}

/** Applications for the admin page, pending first. */
export async function listApplications(): Promise<AdminApplicationRow[]> {
  const db = await getDb();
  const rows = await db
    .select({ app: hostedApplications, title: podcasts.title, url: podcasts.url, first: users.first_name, last: users.last_name, email: users.email })
    .from(hostedApplications)
    .innerJoin(podcasts, eq(podcasts.id, hostedApplications.podcast_id))
    .innerJoin(users, eq(users.id, podcasts.user_id))
    .orderBy(desc(hostedApplications.id))
    .limit(200);
  const order = { pending: 0, approved: 1, rejected: 2 } as const;
  return rows
    .map((r) => ({ ...serialize(r.app), podcast_title: r.title, podcast_url: r.url, owner_name: `${r.first} ${r.last}`.trim(), owner_email: r.email }))
    .sort((a, b) => order[a.status] - order[b.status]);
}

/** Admits a podcast to hosting: the hosted record with migration pending (idempotent). */
export async function admitPodcast(podcastId: number): Promise<void> {
  const db = await getDb();
  const [podcast] = await db.select().from(podcasts).where(eq(podcasts.id, podcastId));
  if (!podcast) throw notFound();
  const [admitted] = await db
    .insert(hostedPodcasts)
    .values({ podcast_id: podcast.id, type: 'other', migration_status: 'pending', original_url: podcast.url, url: hostedFeedUrl(podcast.hash_id) })
    .onConflictDoNothing({ target: hostedPodcasts.podcast_id })
    .returning({ id: hostedPodcasts.id });
  if (admitted) await publishHostedPodcastUpdated(admitted.id);
}

/** An admin's decision on a pending application. */
export async function reviewApplication(applicationId: number, decision: 'approved' | 'rejected', now = new Date()): Promise<HostedApplicationPayload> {
  const db = await getDb();
  const [app] = await db.select().from(hostedApplications).where(eq(hostedApplications.id, applicationId));
  if (!app) throw notFound();
  if (app.status !== 'pending')
    throw new HttpError(422, 'This application has already been reviewed.', { status: ['This application has already been reviewed.'] });
  const canReapply = decision === 'rejected' ? new Date(now.getTime() + REAPPLY_AFTER_DAYS * 86_400_000) : null;
  const [saved] = await db
    .update(hostedApplications)
    .set({ status: decision, can_reapply_at: canReapply })
    .where(and(eq(hostedApplications.id, app.id), eq(hostedApplications.status, 'pending')))
    .returning();
  if (decision === 'approved') await admitPodcast(app.podcast_id);
  const [podcast] = await db.select({ title: podcasts.title, user_id: podcasts.user_id }).from(podcasts).where(eq(podcasts.id, app.podcast_id));
  if (podcast) {
    await notify(podcast.user_id, {
      type: decision === 'approved' ? 'hosting.approved' : 'hosting.rejected',
      podcast_id: app.podcast_id,
      link_type: 'hosting',
      title: decision === 'approved' ? `${podcast.title} is approved for hosting` : `${podcast.title} was not approved for hosting`,
      description:
        decision === 'approved'
          ? 'Verify your RSS feed and start the migration from the hosting pages.'
          : `You can apply again after ${REAPPLY_AFTER_DAYS} days.`,
      link: decision === 'approved' ? '/hosting/dashboard' : '/hosting/apply',
    }).catch(() => undefined);
  }
  return serialize(saved!);
}
