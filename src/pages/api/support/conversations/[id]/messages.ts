import type { APIRoute } from 'astro';
import { idParam, json, parseBody } from '~/lib/server/http';
import { requireUser } from '~/lib/server/users';
import { postSupportMessage, replySchema } from '~/lib/server/support';

/** POST /api/support/conversations/{id}/messages {content}: the user replies, or an admin answers. */
export const POST: APIRoute = async ({ locals, params, request }) => {
  const user = requireUser(locals);
  const { content } = await parseBody(request, replySchema);
  const posted = await postSupportMessage(user, idParam(params.id), content);
  return json({ data: posted.message }, 201);
};
