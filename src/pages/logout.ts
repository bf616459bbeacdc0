import type { APIRoute } from 'astro';
import { revokeByAccessToken, revokeByRefreshToken, rotateRefreshToken } from '../lib/server/auth/tokens';
import { config } from '../lib/server/config';
import { clearSessionCookies, cookieNames, cookieOptions, setSessionCookies } from '../lib/server/session/cookies';

/**
 * GET /logout: revokes the session's tokens and clears its cookies. While an admin imitates a user
 * this is 'Go back to admin': the admin's own session comes back and the browser returns to the origin.
 */
export const GET: APIRoute = async ({ cookies, redirect }) => {
  const names = cookieNames();
  const access = cookies.get(names.access)?.value;
  const refresh = cookies.get(names.refresh)?.value;
  if (access) await revokeByAccessToken(access);
  else if (refresh) await revokeByRefreshToken(refresh);
  clearSessionCookies(cookies);

  const imitate = cookies.get(names.imitate)?.value;
  if (imitate) {
    let origin = '/login';
    try {
      const parsed = JSON.parse(imitate) as { origin?: unknown };
      if (typeof parsed.origin === 'string' && parsed.origin.startsWith('/') && !parsed.origin.startsWith('//')) origin = parsed.origin;
    } catch {
      // a malformed cookie just means no origin
    }
    const adminRefresh = cookies.get(names.imitator)?.value;
    cookies.delete(names.imitate, cookieOptions());
    cookies.delete(names.imitator, cookieOptions());
    if (adminRefresh) {
      const outcome = await rotateRefreshToken(adminRefresh, config().oauth.clientId);
      if (outcome.ok) {
        setSessionCookies(cookies, outcome.tokens);
        return redirect(origin);
      }
    }
    return redirect(origin === '/login' ? '/login' : `/login?redirect=${encodeURIComponent(origin)}`);
  }
  return redirect('/login');
};

export const POST = GET;
