import type { APIRoute } from 'astro';
import { idParam, json, readBody } from '../../../../../../lib/server/http';
import { requireRole } from '../../../../../../lib/server/session/guards';
import { updateHostedEpisode } from '../../../../../../lib/server/hosting/hosted-episodes';

/** PATCH /api/podcasts/hosted/{id}/episodes/{hash_id} {title, description, published_at, season, episode_number, explicit}: edits an episode. */
export const PATCH: APIRoute = async ({ locals, params, request }) => {
  const user = requireRole(locals, 'PODCASTER');
  const id = idParam(params.id);
  return json({ data: await updateHostedEpisode(user, id, params.hash_id ?? '', await readBody(request)) });
};
