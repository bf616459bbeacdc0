import type { APIRoute } from 'astro';
import { idParam, json } from '~/lib/server/http';
import { requireRole } from '~/lib/server/users';
import { linkableEpisodes } from '~/lib/server/delivery';

/** GET /api/deliverables/{id}/episodes: the episodes the approved ad's airing can be linked to (published on or after its approval day). */
export const GET: APIRoute = async ({ locals, params }) => {
  const user = requireRole(locals, 'PODCASTER');
  return json({ data: await linkableEpisodes(user, idParam(params.id)) });
};
