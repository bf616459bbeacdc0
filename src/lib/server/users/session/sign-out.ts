/**
 * Sign-out: revokes the session's token family and clears its cookies. While an admin imitates a user it
 * is 'Go back to admin': the admin's own session comes back and the browser returns where imitation began.
 */
import type { AstroCookies } from 'astro';
import { revokeByAccessToken, revokeByRefreshToken, rotateRefreshToken } from '../auth';
import { config } from '../../config';
import { safeRedirect } from '../../../safe-redirect';
import { clearSessionCookies, cookieNames, cookieOptions, setSessionCookies } from './cookies';

/** Signs the request's session out; answers where the browser goes next. */
export async function signOut(cookies: AstroCookies): Promise<string> {
  const names = cookieNames();
  const access = cookies.get(names.access)?.value;
  const refresh = cookies.get(names.refresh)?.value;
  if (refresh) await revokeByRefreshToken(refresh);
  if (access) await revokeByAccessToken(access);
  clearSessionCookies(cookies);

  const imitate = cookies.get(names.imitate)?.value;
  if (!imitate) return '/login';
  let origin = '/admin';
  try {
    origin = safeRedirect((JSON.parse(imitate) as { origin?: unknown }).origin, '/admin');
  } catch {
    // a malformed cookie just means the default origin
  }
  const adminRefresh = cookies.get(names.imitator)?.value;
  cookies.delete(names.imitate, cookieOptions());
  cookies.delete(names.imitator, cookieOptions());
  if (adminRefresh) {
    const outcome = await rotateRefreshToken(adminRefresh, config().oauth.clientId);
    if (outcome.ok) {
      setSessionCookies(cookies, outcome.tokens);
      return origin;
    }
  }
  return `/login?redirect=${encodeURIComponent(origin)}`;
}

/**
 * True when a GET /logout was not started from our own pages (a link or image on another site): it asks
 * first instead of signing out. A typed address or a bookmark (Sec-Fetch-Site: none) signs out at once.
 */
export function isForeignNavigation(request: Request, url: URL): boolean {
  const site = request.headers.get('sec-fetch-site');
  if (site) return site !== 'same-origin' && site !== 'none';
  const referer = request.headers.get('referer');
  if (!referer) return false;
  try {
    const from = new URL(referer).origin;
    return from !== url.origin && from !== new URL(config().appUrl).origin;
  } catch {
    return true;
  }
}
