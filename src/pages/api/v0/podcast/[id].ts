import type { APIRoute } from 'astro';
import { json } from '~/lib/server/http';
import { requireUser } from '~/lib/server/users';
import { findPublicPodcast, listEpisodes, podcastDetail, upcomingSlots } from '~/lib/server/podcasts';

/** GET /api/v0/podcast/{id}: the public podcast page's data (by hash id or id): podcast, latest episodes, upcoming slots. */
export const GET: APIRoute = async ({ locals, params }) => {
  requireUser(locals);
  const { podcast, hosted } = await findPublicPodcast(params.id ?? '');
  const [detail, episodes, slots] = await Promise.all([podcastDetail(podcast, hosted), listEpisodes(podcast.id, 1, 5), upcomingSlots(podcast)]);
  // Another user's page never shows the owner's feed email.
  const visible = locals.user!.id === podcast.user_id ? detail : { ...detail, email: null };
  return json({ data: { podcast: visible, latest_episodes: episodes.items, upcoming_slots: slots } });
};
