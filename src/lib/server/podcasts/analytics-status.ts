/** The analytics connection status of a podcast (pending or active), and the re-check the settings page asks for. */
import { asc, eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { analyticsConnections, podcasts } from '../db/schema';
import { findOwnedPodcast } from './owned-podcast';

export interface AnalyticsStatusPayload {
  podcast_id: number;
  has_active_analytics: boolean;
  connections: Array<{ id: number; type: string; status: 'pending' | 'active'; last_check_at: string | null }>;
}

/** The podcast's connections and whether any is active. */
export async function analyticsStatus(userId: number, podcastId: number): Promise<AnalyticsStatusPayload> {
  const { podcast } = await findOwnedPodcast(userId, podcastId);
  const db = await getDb();
  const rows = await db.select().from(analyticsConnections).where(eq(analyticsConnections.podcast_id, podcast.id)).orderBy(asc(analyticsConnections.id));
  return {
    podcast_id: podcast.id,
    has_active_analytics: rows.some((r) => r.status === 'active'),
    connections: rows.map((r) => ({ id: r.id, type: r.type, status: r.status, last_check_at: r.last_check_at?.toISOString() ?? null })),
  };
}

/** Records a check of every connection and keeps has_active_analytics in step with them. */
export async function checkAnalytics(userId: number, podcastId: number): Promise<AnalyticsStatusPayload> {
  const { podcast } = await findOwnedPodcast(userId, podcastId);
  const db = await getDb();
  await db.update(analyticsConnections).set({ last_check_at: new Date() }).where(eq(analyticsConnections.podcast_id, podcast.id));
  const status = await analyticsStatus(userId, podcastId);
  await db.update(podcasts).set({ has_active_analytics: status.has_active_analytics }).where(eq(podcasts.id, podcast.id));
  return status;
}
