/** Resolves the user of a request from its bearer token or session cookie. */
import type { AstroCookies } from 'astro';
import { findAccessToken, rotateRefreshToken } from '../auth';
import { config } from '../../config';
import { loadSessionUser, type SessionUser } from '../session-user';
import { cookieNames, setSessionCookies } from './cookies';

export interface Authenticated {
  user: SessionUser;
  accessToken: string;
}

/** The bearer token of the Authorization header, if any. */
export function bearerToken(request: Request): string | null {
  const header = request.headers.get('authorization');
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1] ?? null;
}

/**
 * The user of an access token: the token is checked without a database read, then the user is loaded
 * (`seen`: and recorded as active, in the same statement when they are read).
 */
async function userFor(token: string, seen = false): Promise<Authenticated | null> {
  const row = await findAccessToken(token);
  if (!row) return null;
  const user = await loadSessionUser(row.user_id, row.imitated_by, { seen });
  return user ? { user, accessToken: token } : null;
}

/** Rotates the session's refresh cookie into new session cookies; null when it is no longer good. */
export async function refreshSession(cookies: AstroCookies, seen = false): Promise<Authenticated | null> {
  const refresh = cookies.get(cookieNames().refresh)?.value;
  if (!refresh) return null;
  const outcome = await rotateRefreshToken(refresh, config().oauth.clientId, { concurrent: true });
  if (!outcome.ok) return null;
  setSessionCookies(cookies, outcome.tokens);
  return userFor(outcome.tokens.access_token, seen);
}

/**
 * API calls authenticate by bearer token only (so no other site can act with a visitor's cookies).
 * Page loads authenticate by cookie; when the access token has expired (the tab slept) but the refresh
 * cookie is good, the server rotates it. `seen`: the request is the user's activity (touchLastSeen).
 */
export async function authenticate(request: Request, cookies: AstroCookies, isPage: boolean, { seen = false } = {}): Promise<Authenticated | null> {
  const bearer = bearerToken(request);
  if (bearer) return userFor(bearer, seen);
  if (!isPage) return null;
  const access = cookies.get(cookieNames().access)?.value;
  if (access) {
    const found = await userFor(access, seen);
    if (found) return found;
  }
  return refreshSession(cookies, seen);
}
