/**
 * The session cookies, shared across the product's domain with a suffix in staging and release (core §4).
 * - refresh_token: HttpOnly, so a script (an XSS) can never read it; it is rotated by the server only
 *   (page loads, POST /session/refresh).
 * - access_token: short-lived and readable by the browser client, which sends it as the bearer token
 *   the API takes; <img>/<audio> file reads send it as a cookie.
 * - token_expires_at: when the access token runs out (the client refreshes under 30 s left); it lives
 *   as long as the refresh token, so the client knows a session exists.
 * All are SameSite=Lax and Secure when the product is served over https.
 */
import type { AstroCookies } from 'astro';
import { config } from '../../config';
import type { SessionTokens } from '../auth';

export const cookieNames = () => {
  const { suffix } = config().cookie;
  return {
    access: `access_token${suffix}`,
    refresh: `refresh_token${suffix}`,
    expires: `token_expires_at${suffix}`,
    imitate: `imitate${suffix}`,
    imitator: `imitator_refresh${suffix}`,
    popup: `startup_popup${suffix}`,
    podcast: `current_podcast${suffix}`,
  };
};

function baseOptions() {
  const { domain, secure } = config().cookie;
  return { path: '/', sameSite: 'lax' as const, secure, ...(domain ? { domain } : {}) };
}

/** Stores tokens in the session cookies (a concurrent refresh brings no refresh token: the jar keeps its newer one). */
export function setSessionCookies(cookies: AstroCookies, tokens: SessionTokens): void {
  const names = cookieNames();
  const { refreshTokenTtl } = config().oauth;
  cookies.set(names.access, tokens.access_token, { ...baseOptions(), maxAge: tokens.expires_in });
  cookies.set(names.expires, String(Date.now() + tokens.expires_in * 1000), { ...baseOptions(), maxAge: refreshTokenTtl });
  if (tokens.refresh_token) cookies.set(names.refresh, tokens.refresh_token, { ...baseOptions(), httpOnly: true, maxAge: refreshTokenTtl });
}

/** Removes the session cookies. */
export function clearSessionCookies(cookies: AstroCookies): void {
  const names = cookieNames();
  for (const name of [names.access, names.refresh, names.expires]) cookies.delete(name, baseOptions());
}

/** Cookie options for the product's other cookies. */
export function cookieOptions(extra: { maxAge?: number; httpOnly?: boolean } = {}) {
  return { ...baseOptions(), ...extra };
}
