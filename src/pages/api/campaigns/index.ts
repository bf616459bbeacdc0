import type { APIRoute } from 'astro';
import { json, parseQuery, readBody } from '../../../lib/server/http';
import { requireRole } from '../../../lib/server/users';
import { campaignListQuery, listCampaigns, createCampaign } from '../../../lib/server/campaigns';

/** GET /api/campaigns: the brand's campaigns (status, search, page). */
export const GET: APIRoute = async ({ locals, url }) => json(await listCampaigns(requireRole(locals, 'BRAND').id, parseQuery(url, campaignListQuery)));

/** POST /api/campaigns: starts a draft campaign from one wizard tab. */
export const POST: APIRoute = async ({ locals, request }) => {
  const user = requireRole(locals, 'BRAND');
  return json({ data: await createCampaign(user.id, await readBody(request)) }, 201);
};
