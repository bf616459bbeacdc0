import type { APIRoute } from 'astro';
import { json } from '~/lib/server/http';
import { requireUser } from '~/lib/server/users';
import { findPublicPodcast, listEpisodes } from '~/lib/server/podcasts';

/** GET /api/podcasts/{hash}/latest-episodes: the five newest published episodes. */
export const GET: APIRoute = async ({ locals, params }) => {
  requireUser(locals);
  const { podcast } = await findPublicPodcast(params.id ?? '');
  return json({ data: (await listEpisodes(podcast.id, 1, 5)).items });
};
