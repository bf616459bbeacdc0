import type { APIRoute } from 'astro';
import { json, readBody } from '../../../lib/server/http';
import { requireRole, requireRecentVerification } from '../../../lib/server/users';
import { idempotent, requestPayout } from '../../../lib/server/payments';

/** POST /api/payouts {amount?} (step-up): pays that amount (cents; all of the available balance when none) to the connected method; 422 above the balance. An optional Idempotency-Key is honoured. */
export const POST: APIRoute = async ({ locals, request }) => {
  const user = requireRole(locals, 'PODCASTER');
  // Money leaves the account: a proof from the last 10 minutes (step-up), before anything else.
  await requireRecentVerification(locals);
  const body = await readBody(request);
  const answer = await idempotent(
    user.id,
    'payouts',
    request.headers.get('idempotency-key'),
    body,
    async () => ({ data: await requestPayout(user, body) }),
    201,
  );
  return json(answer.body, answer.status);
};
