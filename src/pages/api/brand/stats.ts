import type { APIRoute } from 'astro';
import { json } from '../../../lib/server/http';
import { requireRole } from '../../../lib/server/session/guards';
import { brandStats } from '../../../lib/server/stats/brand-stats';

/** GET /api/brand/stats: only brands load brand stats. */
export const GET: APIRoute = async ({ locals }) => json({ data: await brandStats(requireRole(locals, 'BRAND').id) });
