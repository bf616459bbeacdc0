import type { APIRoute } from 'astro';
import { idParam, json, readBody } from '../../../../../../lib/server/http';
import { requireRole } from '../../../../../../lib/server/users';
import { deleteHostedEpisode, updateHostedEpisode } from '../../../../../../lib/server/hosting';

/**
 * PATCH /api/podcasts/hosted/{id}/episodes/{hash_id} {title, description, published_at, season, episode_number,
 * episode_type, explicit, file_id?, artwork_file_id?, transcript?, chapters?}: edits an episode.
 */
export const PATCH: APIRoute = async ({ locals, params, request }) => {
  const user = requireRole(locals, 'PODCASTER');
  const id = idParam(params.id);
  return json({ data: await updateHostedEpisode(user, id, params.hash_id ?? '', await readBody(request)) });
};

/** DELETE /api/podcasts/hosted/{id}/episodes/{hash_id}: removes the episode and its files. */
export const DELETE: APIRoute = async ({ locals, params }) => {
  const user = requireRole(locals, 'PODCASTER');
  await deleteHostedEpisode(user, idParam(params.id), params.hash_id ?? '');
  return new Response(null, { status: 204 });
};
