import type { APIRoute } from 'astro';
import { json } from '../../../lib/server/http';
import { requireRole } from '../../../lib/server/users';
import { brandStats } from '../../../lib/server/measurement';

/** GET /api/brand/stats: only brands load brand stats. */
export const GET: APIRoute = async ({ locals }) => json({ data: await brandStats(requireRole(locals, 'BRAND').id) });
