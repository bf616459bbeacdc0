import type { APIRoute } from 'astro';
import { idParam, json } from '../../../../lib/server/http';
import { requireUser } from '../../../../lib/server/users';
import { archiveDiscussion, discussionPayload } from '../../../../lib/server/workrooms';

/** POST /api/discussions/{id}/archive: moves the workroom to the user's archive. */
export const POST: APIRoute = async ({ locals, params }) => {
  const user = requireUser(locals);
  const id = idParam(params.id);
  await archiveDiscussion(user.id, id);
  return json({ data: await discussionPayload(user.id, id) });
};
