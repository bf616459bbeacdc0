import type { APIRoute } from 'astro';
import { idParam, json } from '../../../../../../lib/server/http';
import { requireUser } from '../../../../../../lib/server/users';
import { removeSiteCampaign } from '../../../../../../lib/server/measurement';

/** DELETE /api/attribution/sites/{id}/campaigns/{id}. */
export const DELETE: APIRoute = async ({ locals, params }) => {
  await removeSiteCampaign(requireUser(locals).id, idParam(params.id), idParam(params.campaignId));
  return json(null, 204);
};
