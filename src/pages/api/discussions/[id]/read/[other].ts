import type { APIRoute } from 'astro';
import { idParam, json } from '../../../../../lib/server/http';
import { requireUser } from '../../../../../lib/server/users';
import { markDiscussionUnread, discussionPayload } from '../../../../../lib/server/workrooms';

/** DELETE /api/discussions/{id}/read/{id}: marks the workroom unread again. */
export const DELETE: APIRoute = async ({ locals, params }) => {
  const user = requireUser(locals);
  const id = idParam(params.id);
  idParam(params.other);
  await markDiscussionUnread(user.id, id);
  return json({ data: await discussionPayload(user.id, id) });
};
