import type { APIRoute } from 'astro';
import { completeConnect, PAYOUT_ERROR_COOKIE, PAYOUT_SUCCESS_COOKIE } from '../../lib/server/hosting';
import { cookieOptions } from '../../lib/server/users';

/** GET /webhooks/stripe-connect?code&state: exchanges the code, stores payouts_connect, returns to the screen with a success or error cookie. */
export const GET: APIRoute = async ({ url, cookies, redirect }) => {
  const q = (k: string) => url.searchParams.get(k);
  const result = await completeConnect('stripe', { code: q('code'), state: q('state'), error: q('error'), error_description: q('error_description') });
  cookies.set(result.ok ? PAYOUT_SUCCESS_COOKIE : PAYOUT_ERROR_COOKIE, result.message, { ...cookieOptions({ maxAge: 300 }), httpOnly: false });
  return redirect(result.path, 302);
};
