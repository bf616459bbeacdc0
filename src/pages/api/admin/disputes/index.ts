import type { APIRoute } from 'astro';
import { json } from '~/lib/server/http';
import { requireRole } from '~/lib/server/users';
import { listDisputes } from '~/lib/server/delivery';

/** GET /api/admin/disputes?status=open|settled: the disputes queue with the evidence and both sides' words (admins). */
export const GET: APIRoute = async ({ locals, url }) => {
  requireRole(locals, 'ADMIN');
  return json({ data: await listDisputes(url.searchParams.get('status') === 'settled' ? 'settled' : 'open') });
};
