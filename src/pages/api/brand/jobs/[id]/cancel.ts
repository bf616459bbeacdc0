import type { APIRoute } from 'astro';
import { idParam, json } from '../../../../../lib/server/http';
import { requireRole } from '../../../../../lib/server/users';
import { cancelFundedJob } from '../../../../../lib/server/marketplace';

/** POST /api/brand/jobs/{id}/cancel: the brand cancels a funded job that is not completed; it is refunded to the card. */
export const POST: APIRoute = async ({ locals, params }) => {
  const user = requireRole(locals, 'BRAND');
  return json({ data: await cancelFundedJob(user, idParam(params.id)) });
};
