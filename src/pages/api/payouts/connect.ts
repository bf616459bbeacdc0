import type { APIRoute } from 'astro';
import { z } from 'zod';
import { parseQuery } from '../../../lib/server/http';
import { requireRole } from '../../../lib/server/session/guards';
import { authorizeUrl } from '../../../lib/server/hosting/connect-payouts';

/** GET /api/payouts/connect?provider=stripe|paypal&path=/hosting/…: the browser redirect to the provider's authorize page. */
export const GET: APIRoute = async ({ locals, url, redirect }) => {
  const user = requireRole(locals, 'PODCASTER');
  const q = parseQuery(url, z.object({ provider: z.enum(['stripe', 'paypal'], { error: 'Choose Stripe or PayPal.' }), path: z.string().max(500).default('/hosting/dashboard') }));
  return redirect(authorizeUrl(q.provider, { email: user.row.email, encrypted_id: user.row.encrypted_id }, q.path), 302);
};
