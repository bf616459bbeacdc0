import type { APIRoute } from 'astro';
import { json } from '~/lib/server/http';
import { requireRole } from '~/lib/server/users';
import { listPendingManualStats } from '~/lib/server/measurement';

/** GET /api/admin/manual-stats: submissions waiting for review, oldest first. */
export const GET: APIRoute = async ({ locals }) => {
  requireRole(locals, 'ADMIN');
  return json({ data: await listPendingManualStats() });
};
