import type { APIRoute } from 'astro';
import { json, notFound } from '../../../lib/server/http';
import { requireRole, cookieNames } from '../../../lib/server/users';
import { currentPodcastId, summariseFeed } from '../../../lib/server/hosting';
import { findOwnedPodcast } from '../../../lib/server/podcasts';

/** GET /api/podcaster/rss-feed[?podcast_id=]: {data: {hasIunesCategory, episodes}} of the current podcast's original feed. */
export const GET: APIRoute = async ({ locals, url, cookies }) => {
  const user = requireRole(locals, 'PODCASTER');
  const raw = url.searchParams.get('podcast_id');
  const id = raw && /^\d{1,10}$/.test(raw) ? Number(raw) : await currentPodcastId(user.id, cookies.get(cookieNames().podcast)?.value);
  if (!id) throw notFound();
  const { podcast, hosted } = await findOwnedPodcast(user.id, id);
  return json({ data: await summariseFeed(podcast, hosted?.original_url ?? null) });
};
