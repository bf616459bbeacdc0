/**
 * The browser's session: tokens in cookies readable across the product's domain (suffixed in staging
 * and release), refreshed when under 30 s remain, serialised across tabs so a rotated refresh token
 * is never presented twice.
 */
import { clientConfig } from './client-config';

export interface StoredTokens {
  access: string | null;
  refresh: string | null;
  expiresAt: number;
}

interface TokenResponse {
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

const names = () => {
  const s = clientConfig().cookieSuffix;
  return { access: `access_token${s}`, refresh: `refresh_token${s}`, expires: `token_expires_at${s}` };
};

function readCookie(name: string): string | null {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  const { cookieDomain, secureCookies } = clientConfig();
  document.cookie = [
    `${name}=${encodeURIComponent(value)}`,
    'path=/',
    `max-age=${maxAgeSeconds}`,
    'samesite=lax',
    ...(cookieDomain ? [`domain=${cookieDomain}`] : []),
    ...(secureCookies ? ['secure'] : []),
  ].join('; ');
}

/** The tokens currently in the cookies. */
export function readTokens(): StoredTokens {
  const n = names();
  return { access: readCookie(n.access), refresh: readCookie(n.refresh), expiresAt: Number(readCookie(n.expires) ?? 0) };
}

/** Stores a token response in the cookies. */
export function storeTokens(tokens: TokenResponse): void {
  const n = names();
  const keep = 60 * 60 * 24 * 30;
  writeCookie(n.access, tokens.access_token, keep);
  writeCookie(n.refresh, tokens.refresh_token, keep);
  writeCookie(n.expires, String(Date.now() + tokens.expires_in * 1000), keep);
}

/** Forgets the tokens. */
export function clearTokens(): void {
  const n = names();
  for (const name of [n.access, n.refresh, n.expires]) writeCookie(name, '', 0);
}

export class OAuthFailure extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
    readonly retryAfter: number | null = null,
  ) {
    super(message);
  }
}

async function tokenRequest(body: Record<string, string>): Promise<TokenResponse> {
  const { clientId, clientSecret } = clientConfig();
  const response = await fetch('/oauth/token', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ client_id: clientId, client_secret: clientSecret, scope: '', ...body }),
  });
  const data = (await response.json().catch(() => ({}))) as Partial<TokenResponse> & { error?: string; message?: string };
  if (!response.ok || !data.access_token) {
    const retry = response.headers.get('retry-after');
    throw new OAuthFailure(
      response.status,
      data.error ?? 'server_error',
      data.message ?? 'Something went wrong. Please try again.',
      retry ? Number(retry) : null,
    );
  }
  return data as TokenResponse;
}

/** Signs in with email and password and stores the tokens. */
export async function signIn(email: string, password: string): Promise<void> {
  storeTokens(await tokenRequest({ grant_type: 'password', username: email, password }));
}

async function withRefreshLock<T>(fn: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && 'locks' in navigator) return navigator.locks.request('cuepoint-token-refresh', fn);
  return fn();
}

let inFlight: Promise<boolean> | null = null;

/**
 * Rotates the refresh token. Inside the cross-tab lock the cookies are read again: when another tab
 * already refreshed, its fresh token is used instead of spending ours a second time.
 */
export function refreshTokens(force = false): Promise<boolean> {
  inFlight ??= withRefreshLock(async () => {
    const before = readTokens();
    if (!force && before.access && before.expiresAt - Date.now() > clientConfig().refreshMarginMs) return true;
    if (!before.refresh) return false;
    try {
      storeTokens(await tokenRequest({ grant_type: 'refresh_token', refresh_token: before.refresh }));
      return true;
    } catch (error) {
      // Another tab may have rotated it between our read and the request.
      const after = readTokens();
      if (after.refresh && after.refresh !== before.refresh) return true;
      if (error instanceof OAuthFailure && error.status >= 500) throw error;
      return false;
    }
  }).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** The access token, refreshed first when less than the margin (30 s) remains. */
export async function freshAccessToken(): Promise<string | null> {
  const tokens = readTokens();
  if (tokens.access && tokens.expiresAt - Date.now() > clientConfig().refreshMarginMs) return tokens.access;
  if (!tokens.refresh) return tokens.access;
  return (await refreshTokens()) ? readTokens().access : null;
}

/** Logs out: the server revokes the tokens and clears the cookies, then shows /login. */
export function logout(): void {
  window.location.assign('/logout');
}
