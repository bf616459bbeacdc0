import type { APIRoute } from 'astro';
import { idParam, json } from '~/lib/server/http';
import { requireRole } from '~/lib/server/session/guards';
import { analyticsStatus } from '~/lib/server/podcasts/analytics-status';

/** GET /api/podcasts/{id}/analytics: the analytics connection status of the user's podcast. */
export const GET: APIRoute = async ({ locals, params }) => {
  const user = requireRole(locals, 'PODCASTER');
  return json({ data: await analyticsStatus(user.id, idParam(params.id)) });
};
