import type { APIRoute } from 'astro';
import { idParam, json } from '~/lib/server/http';
import { requireRole } from '~/lib/server/users';
import { verifyManualStats } from '~/lib/server/measurement';

/** POST /api/admin/manual-stats/{id}/verify: verifies a pending submission. */
export const POST: APIRoute = async ({ locals, params }) => {
  requireRole(locals, 'ADMIN');
  return json({ data: await verifyManualStats(idParam(params.id)) });
};
