import type { APIRoute } from 'astro';
import { assertTestProvider } from '../../../../../../lib/server/payments';

/** GET: Stripe Connect's authorize URL, played by the embedded test provider: its account page. */
export const GET: APIRoute = ({ url, redirect }) => {
  assertTestProvider('stripe');
  return redirect(`/test-provider/stripe/authorize${url.search}`, 302);
};
