import type { APIRoute } from 'astro';
import { idParam, json, parseQuery } from '../../../../../lib/server/http';
import { requireRole } from '../../../../../lib/server/users';
import { feedQuery, listCampaignPackages } from '../../../../../lib/server/marketplace';

/** GET /api/campaigns/{id}/packages: the proposal feed of a tab (new, starred, hired, in-review, declined). */
export const GET: APIRoute = async ({ locals, params, url }) => {
  const user = requireRole(locals, 'BRAND');
  return json(await listCampaignPackages(user.id, idParam(params.id), parseQuery(url, feedQuery)));
};
