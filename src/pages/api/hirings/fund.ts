import type { APIRoute } from 'astro';
import { json, readBody } from '../../../lib/server/http';
import { requireRole } from '../../../lib/server/users';
import { fundHirings, idempotent } from '../../../lib/server/payments';

/**
 * POST /api/hirings/fund {hiring_ids, card_id, coupon?} with an optional Idempotency-Key: charges the
 * hirings' total (minus the coupon) once and answers {data: {transaction, hirings}}.
 */
export const POST: APIRoute = async ({ locals, request }) => {
  const user = requireRole(locals, 'BRAND');
  const body = await readBody(request);
  const answer = await idempotent(user.id, 'hirings.fund', request.headers.get('idempotency-key'), body, async () => ({ data: await fundHirings(user, body) }));
  return json(answer.body, answer.status);
};
