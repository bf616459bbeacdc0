import type { APIRoute } from 'astro';
import { assertTestProvider } from '../../../../lib/server/payments';

/** GET: PayPal's connect URL, played by the embedded test provider: its account page. */
export const GET: APIRoute = ({ url, redirect }) => {
  assertTestProvider('paypal');
  return redirect(`/test-provider/paypal/authorize${url.search}`, 302);
};
