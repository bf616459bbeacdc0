import type { APIRoute } from 'astro';
import { idParam, json } from '../../../../../lib/server/http';
import { requireRole } from '../../../../../lib/server/users';
import { setCampaignPaused } from '../../../../../lib/server/campaigns';

/** POST /api/brand/campaigns/{id}/paused: pauses an active campaign. */
export const POST: APIRoute = async ({ locals, params }) => json({ data: await setCampaignPaused(requireRole(locals, 'BRAND').id, idParam(params.id), true) });
