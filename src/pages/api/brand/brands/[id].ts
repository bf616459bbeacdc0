import type { APIRoute } from 'astro';
import { idParam, json, readBody } from '../../../../lib/server/http';
import { requireRole, updateBrand } from '../../../../lib/server/users';

/** PUT /api/brand/brands/{id}: the brand's profile fields. */
export const PUT: APIRoute = async ({ locals, params, request }) => {
  const user = requireRole(locals, 'BRAND');
  const id = idParam(params.id);
  return json({ data: await updateBrand(user.id, id, await readBody(request)) });
};
