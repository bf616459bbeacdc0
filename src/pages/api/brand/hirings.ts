import type { APIRoute } from 'astro';
import { json, parseQuery, readBody } from '../../../lib/server/http';
import { requireRole } from '../../../lib/server/users';
import { z } from 'zod';
import { createHirings, listHirings } from '../../../lib/server/marketplace';

/** GET /api/brand/hirings: the brand's hirings (optionally ?status=new). */
export const GET: APIRoute = async ({ locals, url }) => {
  const user = requireRole(locals, 'BRAND');
  const { status } = parseQuery(url, z.object({ status: z.enum(['new', 'funded', 'cancelled', 'completed']).optional() }));
  return json({ data: await listHirings(user.id, status) });
};

/** POST /api/brand/hirings: hires the chosen jobs (job_ids), one hiring per proposal. */
export const POST: APIRoute = async ({ locals, request }) => {
  const user = requireRole(locals, 'BRAND');
  return json({ data: await createHirings(user.id, await readBody(request)) }, 201);
};
