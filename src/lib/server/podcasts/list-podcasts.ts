/** A user's podcasts with their hosted record, as the shell, the picker and /api/initialize need them. */
import { asc, eq } from 'drizzle-orm';
import { getDb, hostedPodcasts, podcasts } from '../db';
import { hostingPlatformName } from '../../format/hosting-platform';
import type { HostedPodcastPayload, PodcastPayload } from '../../types';

export type PodcastRow = typeof podcasts.$inferSelect;
export type HostedRow = typeof hostedPodcasts.$inferSelect;

/** The hosted payload of §3. */
export function serializeHosted(h: HostedRow): HostedPodcastPayload {
  return {
    id: h.id,
    podcast_id: h.podcast_id,
    type: h.type,
    migration_status: h.migration_status,
    url: h.url,
    original_url: h.original_url,
    original_url_failed_requests: h.original_url_failed_requests,
    redirecting_url: h.redirecting_url,
    redirecting_at: h.redirecting_at?.toISOString() ?? null,
    is_completed: h.is_completed,
    settings: h.settings,
  };
}

/** The podcast payload of §3. */
export function serializePodcast(p: PodcastRow, hosted: HostedRow | null): PodcastPayload {
  return {
    id: p.id,
    hash_id: p.hash_id,
    user_id: p.user_id,
    title: p.title,
    url: p.url,
    email: p.email,
    about: p.about,
    avatar_url: p.avatar_url,
    category_id: p.category_id,
    is_premium: p.is_premium,
    is_onboarded: p.is_onboarded,
    verified_at: p.verified_at?.toISOString() ?? null,
    rating_avg: p.rating_avg,
    avg_listens: p.avg_listens,
    hostingName: hostingPlatformName(p.url),
    hosted: hosted ? serializeHosted(hosted) : null,
  };
}

/** Every podcast of the user, oldest first, with hosting. */
export async function listUserPodcasts(userId: number): Promise<PodcastPayload[]> {
  const db = await getDb();
  const rows = await db
    .select({ podcast: podcasts, hosted: hostedPodcasts })
    .from(podcasts)
    .leftJoin(hostedPodcasts, eq(hostedPodcasts.podcast_id, podcasts.id))
    .where(eq(podcasts.user_id, userId))
    .orderBy(asc(podcasts.id));
  return rows.map((r) => serializePodcast(r.podcast, r.hosted));
}
