import type { APIRoute } from 'astro';
import { idParam, json } from '../../../../../lib/server/http';
import { requireUser } from '../../../../../lib/server/session/guards';
import { deleteSite, findSite, serializeSite } from '../../../../../lib/server/attribution/sites';

/** GET /api/attribution/sites/{id}. */
export const GET: APIRoute = async ({ locals, params }) => json({ data: serializeSite(await findSite(requireUser(locals).id, idParam(params.id))) });

/** DELETE /api/attribution/sites/{id}. */
export const DELETE: APIRoute = async ({ locals, params }) => {
  await deleteSite(requireUser(locals).id, idParam(params.id));
  return json(null, 204);
};
