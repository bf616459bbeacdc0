import type { APIRoute } from 'astro';
import { idParam, json, readBody } from '../../../../lib/server/http';
import { requireRole } from '../../../../lib/server/users';
import { findOwnedCampaign, saveCampaign, serializeCampaign } from '../../../../lib/server/campaigns';

/** GET /api/campaigns/{id}: one of the brand's campaigns. */
export const GET: APIRoute = async ({ locals, params }) => {
  const user = requireRole(locals, 'BRAND');
  return json({ data: await serializeCampaign(await findOwnedCampaign(user.id, idParam(params.id))) });
};

/** POST /api/campaigns/{id}: saves one wizard tab (review with submit: true submits it for approval). */
export const POST: APIRoute = async ({ locals, params, request }) => {
  const user = requireRole(locals, 'BRAND');
  const id = idParam(params.id);
  return json({ data: await saveCampaign(user.id, id, await readBody(request)) });
};
