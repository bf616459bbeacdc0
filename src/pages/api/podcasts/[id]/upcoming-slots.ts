import type { APIRoute } from 'astro';
import { idParam, json } from '~/lib/server/http';
import { requireUser } from '~/lib/server/users';
import { findPublicPodcast, upcomingSlots } from '~/lib/server/podcasts';

/** GET /api/podcasts/{id}/upcoming-slots: the next available days of a podcast (any signed-in user: brands plan with it). */
export const GET: APIRoute = async ({ locals, params }) => {
  requireUser(locals);
  const { podcast } = await findPublicPodcast(String(idParam(params.id)));
  return json({ data: await upcomingSlots(podcast) });
};
