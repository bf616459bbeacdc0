import type { APIRoute } from 'astro';
import { idParam, json } from '../../../../../lib/server/http';
import { requireRole } from '../../../../../lib/server/users';
import { getCampaignPackage } from '../../../../../lib/server/marketplace';

/** GET /api/campaigns/{id}/packages/{packageId}: one proposal of the campaign. */
export const GET: APIRoute = async ({ locals, params }) => {
  const user = requireRole(locals, 'BRAND');
  return json({ data: await getCampaignPackage(user.id, idParam(params.id), idParam(params.packageId)) });
};
