import type { APIRoute } from 'astro';
import { idParam, json } from '../../../../lib/server/http';
import { requireUser } from '../../../../lib/server/users';
import { markDiscussionRead, discussionPayload } from '../../../../lib/server/workrooms';

/** POST /api/discussions/{id}/read: marks the workroom read. */
export const POST: APIRoute = async ({ locals, params }) => {
  const user = requireUser(locals);
  const id = idParam(params.id);
  await markDiscussionRead(user.id, id);
  return json({ data: await discussionPayload(user.id, id) });
};
