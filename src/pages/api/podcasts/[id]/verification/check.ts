import type { APIRoute } from 'astro';
import { idParam, json } from '../../../../../lib/server/http';
import { requireRole } from '../../../../../lib/server/users';
import { checkTxtVerification } from '../../../../../lib/server/hosting';

/** POST /api/podcasts/{id}/verification/check: reads the feed now for the podcast:txt code; the verified state, or 422. */
export const POST: APIRoute = async ({ locals, params }) => {
  const user = requireRole(locals, 'PODCASTER');
  return json({ data: await checkTxtVerification(user, idParam(params.id)) });
};
