/**
 * The session cookies: readable by the browser client across the product's domain (it sends the
 * bearer token itself), with a suffix in staging and release so environments on one domain do not mix.
 */
import type { AstroCookies } from 'astro';
import { config } from '../config';
import type { TokenPair } from '../auth/tokens';

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

/** Stores a token pair in the session cookies. */
export function setSessionCookies(cookies: AstroCookies, tokens: TokenPair): void {
  const names = cookieNames();
  const maxAge = config().oauth.refreshTokenTtl;
  const options = { ...baseOptions(), maxAge };
  cookies.set(names.access, tokens.access_token, options);
  cookies.set(names.refresh, tokens.refresh_token, options);
  cookies.set(names.expires, String(Date.now() + tokens.expires_in * 1000), options);
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
