import type { APIRoute } from 'astro';
import { idParam, json } from '~/lib/server/http';
import { requireRole } from '~/lib/server/users';
import { resolveDiscrepancy } from '~/lib/server/payments';

/** POST /api/admin/payments/discrepancies/{id}/resolve: an admin marks a discrepancy dealt with (it stays on record; no money moves). */
export const POST: APIRoute = async ({ locals, params }) => {
  const admin = requireRole(locals, 'ADMIN');
  return json({ data: await resolveDiscrepancy(admin.id, idParam(params.id)) });
};
