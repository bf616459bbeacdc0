import type { APIRoute } from 'astro';
import { idParam, json, readBody } from '../../../../../lib/server/http';
import { requireRole } from '../../../../../lib/server/users';
import { ratePackage } from '../../../../../lib/server/marketplace';

/** POST /api/brand/packages/{id}/rates: responsiveness, conversion, content_quality (0 to 5). */
export const POST: APIRoute = async ({ locals, params, request }) => {
  const user = requireRole(locals, 'BRAND');
  const id = idParam(params.id);
  return json({ data: await ratePackage(user.id, id, await readBody(request)) });
};
