import type { APIRoute } from 'astro';
import { json } from '~/lib/server/http';
import { requireRole } from '~/lib/server/session/guards';
import { listPendingManualStats } from '~/lib/server/manual-stats/review-manual-stats';

/** GET /api/admin/manual-stats: submissions waiting for review, oldest first. */
export const GET: APIRoute = async ({ locals }) => {
  requireRole(locals, 'ADMIN');
  return json({ data: await listPendingManualStats() });
};
