import type { APIRoute } from 'astro';
import { z } from 'zod';
import { json, parseQuery } from '../../../lib/server/http';
import { requireRole, requireRecentVerification } from '../../../lib/server/users';
import { authorizeUrl } from '../../../lib/server/hosting';

/**
 * GET /api/payouts/connect-url?provider=stripe|paypal&path=/hosting/…: {data: {url}}, the provider's
 * authorize page (hosting §7 query and state) the browser is then sent to.
 */
export const GET: APIRoute = async ({ locals, url }) => {
  const user = requireRole(locals, 'PODCASTER');
  // Changing where payouts go: a proof from the last 10 minutes (step-up).
  await requireRecentVerification(locals);
  const q = parseQuery(
    url,
    z.object({ provider: z.enum(['stripe', 'paypal'], { error: 'Choose Stripe or PayPal.' }), path: z.string().max(500).default('/hosting/dashboard') }),
  );
  return json({ data: { url: authorizeUrl(q.provider, { email: user.row.email, encrypted_id: user.row.encrypted_id }, q.path) } });
};
