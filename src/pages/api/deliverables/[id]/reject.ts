import type { APIRoute } from 'astro';
import { z } from 'zod';
import { idParam, json, parseBody } from '../../../../lib/server/http';
import { requireRole } from '../../../../lib/server/users';
import { reviewDeliverable } from '../../../../lib/server/workrooms';

const schema = z.object({ reason: z.string().max(2000).optional() });

/** POST /api/deliverables/{id}/reject: the brand asks for changes ({reason?}). */
export const POST: APIRoute = async ({ locals, params, request }) => {
  const user = requireRole(locals, 'BRAND');
  const id = idParam(params.id);
  const { reason } = await parseBody(request, schema);
  const { deliverable, message } = await reviewDeliverable(user, id, 'rejected', reason);
  return json({ data: { ...deliverable, created_at: deliverable.created_at.toISOString(), updated_at: deliverable.updated_at.toISOString(), message } });
};
