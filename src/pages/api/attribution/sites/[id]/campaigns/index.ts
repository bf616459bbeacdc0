import type { APIRoute } from 'astro';
import { idParam, json, readBody } from '../../../../../../lib/server/http';
import { requireUser } from '../../../../../../lib/server/users';
import { addSiteCampaign, listSiteCampaigns } from '../../../../../../lib/server/measurement';

/** GET /api/attribution/sites/{id}/campaigns. */
export const GET: APIRoute = async ({ locals, params }) => json({ data: await listSiteCampaigns(requireUser(locals).id, idParam(params.id)) });

/** POST /api/attribution/sites/{id}/campaigns: body campaign_id. */
export const POST: APIRoute = async ({ locals, params, request }) => {
  const user = requireUser(locals);
  const id = idParam(params.id);
  return json({ data: await addSiteCampaign(user.id, id, await readBody(request)) }, 201);
};
