import type { APIRoute } from 'astro';
import { idParam, json } from '../../../../lib/server/http';
import { requireRole } from '../../../../lib/server/session/guards';
import { loadWorkroom } from '../../../../lib/server/workrooms/load-workroom';
import { readMessageInput } from '../../../../lib/server/workrooms/message-input';
import { packageDiscussion } from '../../../../lib/server/workrooms/open-discussion';
import { postMessage } from '../../../../lib/server/workrooms/post-message';

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
