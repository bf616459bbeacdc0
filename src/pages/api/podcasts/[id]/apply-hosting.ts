import type { APIRoute } from 'astro';
import { idParam, json } from '../../../../lib/server/http';
import { requireRole } from '../../../../lib/server/users';
import { applyForHosting } from '../../../../lib/server/hosting';

/** POST /api/podcasts/{id}/apply-hosting: a pending application; answers {data: {id, podcast_id, status, can_reapply_at}}. */
export const POST: APIRoute = async ({ locals, params }) => {
  const user = requireRole(locals, 'PODCASTER');
  return json({ data: await applyForHosting(user, idParam(params.id)) }, 201);
};
