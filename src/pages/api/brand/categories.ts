import type { APIRoute } from 'astro';
import { json, readBody } from '../../../lib/server/http';
import { requireRole, setBrandCategory } from '../../../lib/server/users';

/** POST /api/brand/categories: body category_id. */
export const POST: APIRoute = async ({ locals, request }) => {
  const user = requireRole(locals, 'BRAND');
  return json({ data: await setBrandCategory(user.id, await readBody(request)) });
};
