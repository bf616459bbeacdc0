import type { APIRoute } from 'astro';
import { idParam, json, parseQuery } from '../../../../lib/server/http';
import { requireRole } from '../../../../lib/server/users';
import { feedQuery, listCampaignPackages } from '../../../../lib/server/marketplace';

/** GET /api/campaigns/{id}/starred-packages: the starred proposals of the campaign. */
export const GET: APIRoute = async ({ locals, params, url }) => {
  const user = requireRole(locals, 'BRAND');
  const id = idParam(params.id);
  const query = parseQuery(url, feedQuery.omit({ tab: true }));
  return json(await listCampaignPackages(user.id, id, { ...query, tab: 'starred' }, `/api/campaigns/${id}/starred-packages`));
};
