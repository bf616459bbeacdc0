import type { APIRoute } from 'astro';
import { idParam, json } from '../../../../../lib/server/http';
import { requireRole } from '../../../../../lib/server/users';
import { checkRedirecting } from '../../../../../lib/server/hosting';

/** GET /api/podcasts/hosted/{id}/check-redirecting: checks the old feed's redirect; answers the hosted podcast. */
export const GET: APIRoute = async ({ locals, params }) => {
  const user = requireRole(locals, 'PODCASTER');
  return json({ data: await checkRedirecting(user, idParam(params.id)) });
};
