import type { APIRoute } from 'astro';
import { idParam, json } from '~/lib/server/http';
import { requireRole } from '~/lib/server/users';
import { closeCampaign } from '~/lib/server/campaigns';

/** POST /api/brand/campaigns/{id}/closed: closes a campaign whose hired ads are all completed or dropped (422 otherwise). */
export const POST: APIRoute = async ({ locals, params }) => json({ data: await closeCampaign(requireRole(locals, 'BRAND').id, idParam(params.id)) });
