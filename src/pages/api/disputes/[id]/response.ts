import type { APIRoute } from 'astro';
import { idParam, json, readBody } from '~/lib/server/http';
import { requireRole } from '~/lib/server/users';
import { respondToDispute, serializeDispute } from '~/lib/server/delivery';

/** POST /api/disputes/{id}/response {response}: the podcaster adds their side to an open dispute of their ad. */
export const POST: APIRoute = async ({ locals, params, request }) => {
  const user = requireRole(locals, 'PODCASTER');
  return json({ data: serializeDispute(await respondToDispute(user, idParam(params.id), await readBody(request))) });
};
