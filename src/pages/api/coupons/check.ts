import type { APIRoute } from 'astro';
import { json, readBody } from '../../../lib/server/http';
import { requireUser } from '../../../lib/server/users';
import { checkCoupon } from '../../../lib/server/payments';

/** POST /api/coupons/check {code}: {data: {code, percent_off | amount_off, description, rules}}, or a 422 on `code` saying why it does not apply to this user. */
export const POST: APIRoute = async ({ locals, request }) => {
  const user = requireUser(locals);
  return json({ data: await checkCoupon(user.id, await readBody(request)) });
};
