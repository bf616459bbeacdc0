import type { APIRoute } from 'astro';
import { idParam, json } from '../../../../../lib/server/http';
import { requireUser } from '../../../../../lib/server/users';
import { deleteSite, sitePayload } from '../../../../../lib/server/measurement';

/** GET /api/attribution/sites/{id}. */
export const GET: APIRoute = async ({ locals, params }) => json({ data: await sitePayload(requireUser(locals).id, idParam(params.id)) });

/** DELETE /api/attribution/sites/{id}. */
export const DELETE: APIRoute = async ({ locals, params }) => {
  await deleteSite(requireUser(locals).id, idParam(params.id));
  return json(null, 204);
};
