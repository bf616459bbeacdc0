import type { APIRoute } from 'astro';
import { idParam, json, readBody } from '../../../../../../lib/server/http';
import { requireRole } from '../../../../../../lib/server/users';
import { createHostedEpisode } from '../../../../../../lib/server/hosting';

/** POST /api/podcasts/hosted/{id}/episodes {file_id, title, …, publish}: creates an episode (published, scheduled or a draft). */
export const POST: APIRoute = async ({ locals, params, request }) => {
  const user = requireRole(locals, 'PODCASTER');
  const id = idParam(params.id);
  return json({ data: await createHostedEpisode(user, id, await readBody(request)) }, 201);
};
