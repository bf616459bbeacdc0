import type { APIRoute } from 'astro';
import { json } from '../../lib/server/http';
import { requireRole } from '../../lib/server/users';
import { earningsFigures } from '../../lib/server/payments';

/** GET /api/earnings: {data: {available, pending, paid_out, lifetime}} in cents (podcasters; 403 for brands). */
export const GET: APIRoute = async ({ locals }) => {
  const user = requireRole(locals, 'PODCASTER');
  return json({ data: await earningsFigures(user.id) });
};
