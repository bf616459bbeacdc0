import type { APIRoute } from 'astro';
import { json } from '../../lib/server/http';
import { requireRole } from '../../lib/server/session/guards';
import { earningsFigures } from '../../lib/server/payments/earnings';

/** GET /api/earnings: {data: {available, pending, paid_out, lifetime}} in cents (podcasters; 403 for brands). */
export const GET: APIRoute = async ({ locals }) => {
  const user = requireRole(locals, 'PODCASTER');
  return json({ data: await earningsFigures(user.id) });
};
