import type { APIRoute } from 'astro';
import { json } from '../../lib/server/http';
import { handleStripeWebhook } from '../../lib/server/payments';

/** POST /webhooks/stripe: a Stripe event, verified by its signature (400 otherwise) and applied once. */
export const POST: APIRoute = async ({ request }) => {
  const payload = await request.text();
  return json(await handleStripeWebhook(payload, request.headers.get('stripe-signature')));
};
