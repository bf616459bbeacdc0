import type { APIRoute } from 'astro';
import { idParam, json, readBody } from '../../../../lib/server/http';
import { requireRole } from '../../../../lib/server/session/guards';
import { messagePodcasters } from '../../../../lib/server/campaigns/message-podcasters';

/** POST /api/campaigns/{id}/discussions: one message to the workrooms of several proposals (package_ids, content). */
export const POST: APIRoute = async ({ locals, params, request }) => {
  const user = requireRole(locals, 'BRAND');
  const id = idParam(params.id);
  return json({ data: await messagePodcasters(user.id, id, await readBody(request)) }, 201);
};
