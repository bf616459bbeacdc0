import type { APIRoute } from 'astro';
import { json, parseQuery, readBody } from '../../../lib/server/http';
import { requireRole } from '../../../lib/server/session/guards';
import { z } from 'zod';
import { createHirings } from '../../../lib/server/hirings/create-hirings';
import { listHirings } from '../../../lib/server/hirings/list-hirings';

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
