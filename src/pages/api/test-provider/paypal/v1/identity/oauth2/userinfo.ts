import type { APIRoute } from 'astro';
import { json } from '../../../../../../../lib/server/http';
import { assertTestProvider, paypalAccountOfToken } from '../../../../../../../lib/server/payments';

/** GET: PayPal's userinfo call, answered by the embedded test provider with the connected test account. */
export const GET: APIRoute = async ({ request }) => {
  assertTestProvider('paypal');
  const payerId = await paypalAccountOfToken(request.headers.get('authorization'));
  if (!payerId) return json({ error: 'invalid_token', error_description: 'The access token is not valid.' }, 401);
  return json({ user_id: payerId, payer_id: payerId, verified_account: 'true' });
};
