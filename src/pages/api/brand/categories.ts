import type { APIRoute } from 'astro';
import { json, readBody } from '../../../lib/server/http';
import { requireRole } from '../../../lib/server/users';
import { setBrandCategory } from '../../../lib/server/campaigns';

/** POST /api/brand/categories: body category_id. */
export const POST: APIRoute = async ({ locals, request }) => {
  const user = requireRole(locals, 'BRAND');
  return json({ data: await setBrandCategory(user.id, await readBody(request)) });
};
