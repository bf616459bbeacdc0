import type { APIRoute } from 'astro';
import { json } from '../../../lib/server/http';
import { requireUser } from '../../../lib/server/users';
import { listCategories } from '../../../lib/server/podcasts';

/** GET /api/hosting-service/categories: {data: [{id, label}]}, the categories base of hosting §7. */
export const GET: APIRoute = async ({ locals }) => {
  requireUser(locals);
  return json({ data: (await listCategories()).map((c) => ({ id: c.id, label: c.title })) });
};
