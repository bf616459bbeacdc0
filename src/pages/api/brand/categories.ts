import type { APIRoute } from 'astro';
import { json, readBody } from '../../../lib/server/http';
import { requireRole } from '../../../lib/server/session/guards';
import { setBrandCategory } from '../../../lib/server/brands/update-brand';

/** POST /api/brand/categories: body category_id. */
export const POST: APIRoute = async ({ locals, request }) => {
  const user = requireRole(locals, 'BRAND');
  return json({ data: await setBrandCategory(user.id, await readBody(request)) });
};
