import type { APIRoute } from 'astro';
import { idParam, json } from '../../../../../../lib/server/http';
import { requireRole } from '../../../../../../lib/server/users';
import { setCampaignPaused } from '../../../../../../lib/server/campaigns';

/** DELETE /api/brand/campaigns/{id}/paused/{id}: resumes a paused campaign (the second id repeats the campaign's, as the client sends it). */
export const DELETE: APIRoute = async ({ locals, params }) => {
  const user = requireRole(locals, 'BRAND');
  idParam(params.pausedId);
  return json({ data: await setCampaignPaused(user.id, idParam(params.id), false) });
};
