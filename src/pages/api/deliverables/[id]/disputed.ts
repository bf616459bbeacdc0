import type { APIRoute } from 'astro';
import { idParam, json, readBody } from '~/lib/server/http';
import { requireRole } from '~/lib/server/users';
import { disputeLink, serializeDispute } from '~/lib/server/delivery';

/** POST /api/deliverables/{id}/disputed {reason}: the brand disputes the linked episode; an admin releases or refunds (201). */
export const POST: APIRoute = async ({ locals, params, request }) => {
  const user = requireRole(locals, 'BRAND');
  return json({ data: serializeDispute(await disputeLink(user, idParam(params.id), await readBody(request))) }, 201);
};
