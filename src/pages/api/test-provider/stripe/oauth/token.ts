import type { APIRoute } from 'astro';
import { json, readBody } from '../../../../../lib/server/http';
import { assertTestProvider, redeemCode } from '../../../../../lib/server/payments';

/** POST: Stripe Connect's token call (grant_type=authorization_code), answered by the embedded test provider. */
export const POST: APIRoute = async ({ request }) => {
  assertTestProvider('stripe');
  const form = await readBody(request);
  const account = await redeemCode('stripe', typeof form.code === 'string' ? form.code : null);
  if (!account) return json({ error: 'invalid_grant', error_description: 'This authorization code is unknown or was already used. Connect again.' }, 400);
  return json({ stripe_user_id: account, token_type: 'bearer', scope: 'read_write', livemode: false });
};
