import type { APIRoute } from 'astro';
import { idParam, json } from '../../../../../lib/server/http';
import { requireUser } from '../../../../../lib/server/users';
import { unarchiveDiscussion, discussionPayload } from '../../../../../lib/server/workrooms';

/** DELETE /api/discussions/{id}/archive/{id}: brings the workroom back (the trailing id names the archive entry, i.e. the discussion again). */
export const DELETE: APIRoute = async ({ locals, params }) => {
  const user = requireUser(locals);
  const id = idParam(params.id);
  idParam(params.other);
  await unarchiveDiscussion(user.id, id);
  return json({ data: await discussionPayload(user.id, id) });
};
