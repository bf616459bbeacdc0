import type { APIRoute } from 'astro';
import { idParam, json } from '../../../../../lib/server/http';
import { requireRole } from '../../../../../lib/server/users';
import { findOwnedCampaign } from '../../../../../lib/server/campaigns';
import { campaignAdStats } from '../../../../../lib/server/ads';

/** GET /api/brand/campaigns/{id}/ad-stats: automated impressions per line, show, episode and day, and their spend. */
export const GET: APIRoute = async ({ locals, params }) => {
  const campaign = await findOwnedCampaign(requireRole(locals, 'BRAND').id, idParam(params.id));
  return json({ data: await campaignAdStats(campaign.id) });
};
