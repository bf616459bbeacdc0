/**
 * The browser's session. The refresh token lives in an HttpOnly cookie that no script can read; the
 * server rotates it, on page loads and through POST /session/refresh (same origin only). The short-lived
 * access token and its expiry sit in readable cookies (suffixed in staging and release), shared by every
 * tab: the client sends the token as the bearer and refreshes when under 30 s remain, serialised across
 * tabs (Web Locks) so two tabs never spend one refresh token twice.
 */
import { clientConfig } from './client-config';

export interface StoredTokens {
  access: string | null;
  /** When the access token runs out (ms); 0 when there is no session. */
  expiresAt: number;
}

const names = () => {
  const s = clientConfig().cookieSuffix;
  return { access: `access_token${s}`, expires: `token_expires_at${s}` };
};

function readCookie(name: string): string | null {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

/** The access token and its expiry currently in the cookies. */
export function readTokens(): StoredTokens {
  const n = names();
  return { access: readCookie(n.access), expiresAt: Number(readCookie(n.expires) ?? 0) };
}

/** A sign-in the server refused: wrong credentials (422), throttled (429, with Retry-After), or unreachable. */
export class SignInError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfter: number | null = null,
  ) {
    super(message);
  }
}

export async function post(path: string, body?: Record<string, unknown>): Promise<Response> {
  return fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
}

/** The password was right and the account has two-factor authentication on: the second step's token and ways. */
export interface SecondStep {
  mfa_token: string;
  methods: ('totp' | 'webauthn' | 'recovery_code')[];
}

/** Turns a refused sign-in answer into a SignInError with the server's first message. */
export async function signInError(response: Response): Promise<SignInError> {
  const data = (await response.json().catch(() => ({}))) as { message?: string; errors?: Record<string, string[]> };
  const retry = response.headers.get('retry-after');
  const first = data.errors ? Object.values(data.errors)[0]?.[0] : undefined;
  return new SignInError(
    response.status,
    data.errors?.email?.[0] ?? data.errors?.password?.[0] ?? first ?? data.message ?? 'Something went wrong. Please try again.',
    retry ? Number(retry) : null,
  );
}

/** Signs in with email and password; the server sets the session cookies, or answers the second step to take. */
export async function signIn(email: string, password: string): Promise<SecondStep | null> {
  const response = await post('/session', { email, password });
  if (!response.ok) throw await signInError(response);
  const data = (await response.json().catch(() => ({}))) as { mfa_required?: boolean } & Partial<SecondStep>;
  return data.mfa_required && data.mfa_token ? { mfa_token: data.mfa_token, methods: data.methods ?? [] } : null;
}

function withRefreshLock<T>(fn: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && 'locks' in navigator) return navigator.locks.request('cuepoint-token-refresh', fn);
  return fn();
}

const isFresh = (tokens: StoredTokens) => !!tokens.access && tokens.expiresAt - Date.now() > clientConfig().refreshMarginMs;

let inFlight: Promise<boolean> | null = null;

/**
 * Asks the server to rotate the session (POST /session/refresh). Inside the cross-tab lock the cookies
 * are read again: when another tab refreshed meanwhile, its new access token is used as it is.
 * `force` refreshes even a token that looks fresh (it was just refused with a 401).
 */
export function refreshTokens(force = false): Promise<boolean> {
  const before = readTokens();
  inFlight ??= withRefreshLock(async () => {
    const now = readTokens();
    if (isFresh(now) && (!force || now.access !== before.access)) return true;
    const response = await post('/session/refresh');
    if (response.ok) return true;
    if (response.status >= 500) throw new Error('The session could not be refreshed. Please try again.');
    return false;
  }).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** The access token, refreshed first when less than the margin (30 s) remains; null without a session. */
export async function freshAccessToken(): Promise<string | null> {
  const tokens = readTokens();
  if (isFresh(tokens)) return tokens.access;
  if (!tokens.expiresAt) return tokens.access;
  return (await refreshTokens()) ? readTokens().access : null;
}

/** Signs out: the server revokes the session and clears its cookies, then shows /login. */
export function logout(): void {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = '/logout';
  document.body.append(form);
  form.submit();
}
