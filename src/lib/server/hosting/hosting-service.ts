/**
 * The hosting service's own calls (hosting spec §7), mounted at /api/hosting-service: GET /podcast
 * and PATCH /podcast, and GET /podcast/settings, each naming the podcast in the X-Podcast-Id header.
 */
import { eq, count } from 'drizzle-orm';
import { getDb, episodes } from '../db';
import { HttpError } from '../http';
import { serializeHosted } from '../podcasts';
import { isRedirecting } from '../../hosting-rules';
import { findOwnedHostedByPodcast } from './owned-hosted';
import { hostedFeedUrl } from './hosted-feed-url';
import { updateHosted, type HostedPatch } from './update-hosted';

export const PODCAST_HEADER = 'x-podcast-id';

/** Reads the podcast id header; a missing or malformed one is a 422 naming the header. */
export function podcastIdHeader(request: Request): number {
  const raw = request.headers.get(PODCAST_HEADER);
  const id = Number(raw);
  if (!raw || !Number.isInteger(id) || id <= 0) {
    const message = 'The X-Podcast-Id header must name one of your podcasts.';
    throw new HttpError(422, message, { podcast_id: [message] });
  }
  return id;
}

/** GET /podcast: the hosted podcast with its migration state, as the progress screens read it. */
export async function hostingServicePodcast(user: { id: number }, podcastId: number) {
  const { hosted, podcast } = await findOwnedHostedByPodcast(user.id, podcastId);
  const db = await getDb();
  const [n] = await db.select({ n: count() }).from(episodes).where(eq(episodes.podcast_id, podcast.id));
  return {
    ...serializeHosted(hosted),
    url: hosted.url ?? hostedFeedUrl(podcast.hash_id),
    percent: hosted.migration_status === 'completed' ? 100 : hosted.migration_percent,
    is_redirecting: isRedirecting(hosted.redirecting_at),
    episodes_count: Number(n?.n ?? 0),
    title: podcast.title,
  };
}

/** PATCH /podcast: the same onboarding choices as PATCH /api/podcasts/hosted/{id}. */
export async function patchHostingServicePodcast(user: { id: number }, podcastId: number, patch: HostedPatch) {
  const { hosted } = await findOwnedHostedByPodcast(user.id, podcastId);
  await updateHosted(user, hosted.id, patch);
  return hostingServicePodcast(user, podcastId);
}

/** GET /podcast/settings: the hosted podcast's settings (the imported channel, feed overrides, choices). */
export async function hostingServiceSettings(user: { id: number }, podcastId: number): Promise<Record<string, unknown>> {
  const { hosted } = await findOwnedHostedByPodcast(user.id, podcastId);
  return hosted.settings;
}
