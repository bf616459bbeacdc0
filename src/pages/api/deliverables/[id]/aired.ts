import type { APIRoute } from 'astro';
import { idParam, json } from '~/lib/server/http';
import { requireRole } from '~/lib/server/users';
import { confirmAired, serializeAirCheck } from '~/lib/server/delivery';

/** POST /api/deliverables/{id}/aired: the brand confirms that the ad aired in the linked episode (the job completes). */
export const POST: APIRoute = async ({ locals, params }) => {
  const user = requireRole(locals, 'BRAND');
  return json({ data: serializeAirCheck(await confirmAired(user, idParam(params.id))) });
};
