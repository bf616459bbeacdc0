import type { APIRoute } from 'astro';
import { idParam, json } from '../../../../../lib/server/http';
import { requireRole } from '../../../../../lib/server/session/guards';
import { findOwnedCampaign } from '../../../../../lib/server/campaigns/find-campaign';
import { campaignAdStats } from '../../../../../lib/server/ads/impressions';

/** GET /api/brand/campaigns/{id}/ad-stats: automated impressions per line, show, episode and day, and their spend. */
export const GET: APIRoute = async ({ locals, params }) => {
  const campaign = await findOwnedCampaign(requireRole(locals, 'BRAND').id, idParam(params.id));
  return json({ data: await campaignAdStats(campaign.id) });
};
