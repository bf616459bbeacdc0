import type { APIRoute } from 'astro';
import { idParam, json } from '../../../../lib/server/http';
import { requireRole } from '../../../../lib/server/users';
import { loadWorkroom, readMessageInput, packageDiscussion, postMessage } from '../../../../lib/server/workrooms';

/** GET /api/packages/{id}/discussion: the package's workroom with its latest messages. */
export const GET: APIRoute = async ({ locals, params }) => {
  const user = requireRole(locals, 'BRAND', 'PODCASTER');
  const discussion = await packageDiscussion(user, idParam(params.id));
  return json({ data: await loadWorkroom(user.id, discussion.type, discussion.id) });
};

/** POST /api/packages/{id}/discussion: a message to the package's workroom. */
export const POST: APIRoute = async ({ locals, params, request }) => {
  const user = requireRole(locals, 'BRAND', 'PODCASTER');
  const discussion = await packageDiscussion(user, idParam(params.id));
  return json({ data: await postMessage(user, discussion.id, await readMessageInput(request)) }, 201);
};
