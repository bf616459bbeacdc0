import type { APIRoute } from 'astro';
import { json, readBody } from '../../../lib/server/http';
import { requireRole } from '../../../lib/server/users';
import { addCard, listCards } from '../../../lib/server/payments';

/** GET /api/cards: the brand's saved cards {id, type, last_four, exp_month, exp_year, is_default}. */
export const GET: APIRoute = async ({ locals }) => {
  const user = requireRole(locals, 'BRAND');
  return json({ data: await listCards(user.id) });
};

/** POST /api/cards: {number, exp_month, exp_year, cvc} in test mode, {payment_method} with Stripe; 201 or 422. */
export const POST: APIRoute = async ({ locals, request }) => {
  const user = requireRole(locals, 'BRAND');
  return json({ data: await addCard(user, await readBody(request)) }, 201);
};
