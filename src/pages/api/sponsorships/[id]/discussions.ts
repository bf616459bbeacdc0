import type { APIRoute } from 'astro';
import { idParam, json } from '../../../../lib/server/http';
import { requireRole } from '../../../../lib/server/users';
import { loadWorkroom, readMessageInput, sponsorshipDiscussion, postMessage } from '../../../../lib/server/workrooms';

/** GET /api/sponsorships/{id}/discussions: the sponsorship's workroom (opened on first use) with its latest messages. */
export const GET: APIRoute = async ({ locals, params }) => {
  const user = requireRole(locals, 'BRAND', 'PODCASTER');
  const discussion = await sponsorshipDiscussion(user, idParam(params.id));
  return json({ data: await loadWorkroom(user.id, discussion.type, discussion.id) });
};

/** POST /api/sponsorships/{id}/discussions: a message to the sponsorship's workroom. */
export const POST: APIRoute = async ({ locals, params, request }) => {
  const user = requireRole(locals, 'BRAND', 'PODCASTER');
  const discussion = await sponsorshipDiscussion(user, idParam(params.id));
  return json({ data: await postMessage(user, discussion.id, await readMessageInput(request)) }, 201);
};
