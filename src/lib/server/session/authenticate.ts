/** Resolves the user of a request from its bearer token or session cookie. */
import type { AstroCookies } from 'astro';
import { findAccessToken, rotateRefreshToken } from '../auth/tokens';
import { config } from '../config';
import { loadSessionUser, type SessionUser } from '../users/session-user';
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

async function userFor(token: string): Promise<Authenticated | null> {
  const row = await findAccessToken(token);
  if (!row) return null;
  const user = await loadSessionUser(row.user_id, row.imitated_by);
  return user ? { user, accessToken: token } : null;
}

/**
 * API calls authenticate by bearer token only. Page loads authenticate by cookie; when the access
 * token has expired (the tab slept) but the refresh cookie is good, the server rotates it.
 */
export async function authenticate(request: Request, cookies: AstroCookies, isPage: boolean): Promise<Authenticated | null> {
  const bearer = bearerToken(request);
  if (bearer) return userFor(bearer);
  if (!isPage) return null;
  const names = cookieNames();
  const access = cookies.get(names.access)?.value;
  if (access) {
    const found = await userFor(access);
    if (found) return found;
  }
  const refresh = cookies.get(names.refresh)?.value;
  if (!refresh) return null;
  const outcome = await rotateRefreshToken(refresh, config().oauth.clientId);
  if (!outcome.ok) return null;
  setSessionCookies(cookies, outcome.tokens);
  return userFor(outcome.tokens.access_token);
}
