/**
 * The hosting domain's realtime event: `hosted-podcast.updated` on the owner's channel whenever a hosted
 * podcast's state changes (admitted, migration started, completed, failed or stale, settings, redirect,
 * onboarding done). Import progress has its own event (hosted.migration.progress), sent per episode.
 */
import { eq } from 'drizzle-orm';
import { getDb, hostedPodcasts, podcasts } from '../db';
import { broadcast } from '../realtime';
import { HOSTED_UPDATED_EVENT } from '../../hosting-rules';

/** Publishes a hosted podcast's current state to its owner, after the change is committed. */
export async function publishHostedPodcastUpdated(hostedId: number): Promise<void> {
  const db = await getDb();
  const [row] = await db
    .select({ hosted: hostedPodcasts, userId: podcasts.user_id })
    .from(hostedPodcasts)
    .innerJoin(podcasts, eq(podcasts.id, hostedPodcasts.podcast_id))
    .where(eq(hostedPodcasts.id, hostedId));
  if (!row) return;
  const h = row.hosted;
  await broadcast(`private-users.${row.userId}`, HOSTED_UPDATED_EVENT, {
    id: h.id,
    podcast_id: h.podcast_id,
    migration_status: h.migration_status,
    migration_percent: h.migration_percent,
    url: h.url,
    redirecting_url: h.redirecting_url,
    redirecting_at: h.redirecting_at?.toISOString() ?? null,
    is_completed: h.is_completed,
    updated_at: h.updated_at.toISOString(),
  });
}
