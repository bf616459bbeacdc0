import type { APIRoute } from 'astro';
import { json, readBody } from '../../../lib/server/http';
import { requireUser } from '../../../lib/server/session/guards';
import { checkCoupon } from '../../../lib/server/payments/coupons';

/** POST /api/coupons/check {code}: {data: {code, percent_off | amount_off, description}}, or 422 'This coupon code is not valid.' */
export const POST: APIRoute = async ({ locals, request }) => {
  requireUser(locals);
  return json({ data: await checkCoupon(await readBody(request)) });
};
