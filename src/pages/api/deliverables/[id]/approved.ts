import type { APIRoute } from 'astro';
import { idParam, json } from '../../../../lib/server/http';
import { requireRole } from '../../../../lib/server/users';
import { reviewDeliverable } from '../../../../lib/server/workrooms';

/** POST /api/deliverables/{id}/approved: the brand approves the ad of an ad-review message. */
export const POST: APIRoute = async ({ locals, params }) => {
  const user = requireRole(locals, 'BRAND');
  const { deliverable, message } = await reviewDeliverable(user, idParam(params.id), 'approved');
  return json({ data: { ...deliverable, created_at: deliverable.created_at.toISOString(), updated_at: deliverable.updated_at.toISOString(), message } });
};
