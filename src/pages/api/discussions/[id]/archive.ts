import type { APIRoute } from 'astro';
import { idParam, json } from '../../../../lib/server/http';
import { requireUser } from '../../../../lib/server/session/guards';
import { archiveDiscussion } from '../../../../lib/server/workrooms/discussion-state';
import { discussionPayload } from '../../../../lib/server/workrooms/list-discussions';

/** POST /api/discussions/{id}/archive: moves the workroom to the user's archive. */
export const POST: APIRoute = async ({ locals, params }) => {
  const user = requireUser(locals);
  const id = idParam(params.id);
  await archiveDiscussion(user.id, id);
  return json({ data: await discussionPayload(user.id, id) });
};
