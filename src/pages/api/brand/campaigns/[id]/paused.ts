import type { APIRoute } from 'astro';
import { idParam, json } from '../../../../../lib/server/http';
import { requireRole } from '../../../../../lib/server/session/guards';
import { setCampaignPaused } from '../../../../../lib/server/campaigns/pause-campaign';

/** POST /api/brand/campaigns/{id}/paused: pauses an active campaign. */
export const POST: APIRoute = async ({ locals, params }) => json({ data: await setCampaignPaused(requireRole(locals, 'BRAND').id, idParam(params.id), true) });
