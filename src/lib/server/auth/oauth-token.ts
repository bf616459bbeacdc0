/**
 * POST /oauth/token: the password and refresh_token grants, answering OAuth 2.0 (RFC 6749 §5) bodies.
 * Failed password sign-ins are throttled per account and per address.
 */
import { and, isNull, sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { users } from '../db/schema';
import { HttpError } from '../http';
import { verifyPassword } from './passwords';
import { assertNotThrottled, clear, hit, type Limit } from './throttle';
import { issueTokens, rotateRefreshToken, type TokenPair } from './tokens';
import { verifyClient } from './oauth-clients';

export type OAuthErrorCode = 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unsupported_grant_type' | 'invalid_scope';

const STATUS: Record<OAuthErrorCode, number> = {
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  unsupported_grant_type: 400,
  invalid_scope: 400,
};

/** An OAuth 2.0 error: `{ error, error_description, message }` with the RFC's status. */
export function oauthError(error: OAuthErrorCode, description: string, headers?: Record<string, string>): HttpError {
  return new HttpError(STATUS[error], description, undefined, headers, { error, error_description: description, message: description });
}

const ACCOUNT_LIMIT = (email: string, ip: string): Limit => ({ key: `login:${email.toLowerCase()}|${ip}`, max: 5, windowSeconds: 60 });
const ADDRESS_LIMIT = (ip: string): Limit => ({ key: `login-ip:${ip}`, max: 30, windowSeconds: 300 });

const SUPPORTED_SCOPES = new Set(['', '*']);

export interface TokenRequest {
  grant_type?: unknown;
  client_id?: unknown;
  client_secret?: unknown;
  username?: unknown;
  password?: unknown;
  refresh_token?: unknown;
  scope?: unknown;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null);

/** Runs a token request and answers the token pair, or throws an OAuth error. */
export async function tokenGrant(body: TokenRequest, ip: string): Promise<TokenPair> {
  const grant = text(body.grant_type);
  if (!grant) throw oauthError('unsupported_grant_type', 'The authorization grant type is not supported by the authorization server.');
  if (grant !== 'password' && grant !== 'refresh_token')
    throw oauthError('unsupported_grant_type', 'The authorization grant type is not supported by the authorization server.');
  const clientId = text(body.client_id);
  const clientSecret = text(body.client_secret);
  if (!clientId)
    throw oauthError(
      'invalid_request',
      'The request is missing a required parameter, includes an invalid parameter value, includes a parameter more than once, or is otherwise malformed. Check the `client_id` parameter.',
    );
  if (!clientSecret || !(await verifyClient(clientId, clientSecret))) throw oauthError('invalid_client', 'Client authentication failed');
  const scope = text(body.scope) ?? '';
  if (!scope.split(/\s+/).every((s) => SUPPORTED_SCOPES.has(s))) throw oauthError('invalid_scope', 'The requested scope is invalid, unknown, or malformed.');
  const scopes = scope.trim() ? scope.trim().split(/\s+/) : [];

  if (grant === 'refresh_token') {
    const refresh = text(body.refresh_token);
    if (!refresh)
      throw oauthError(
        'invalid_request',
        'The request is missing a required parameter, includes an invalid parameter value, includes a parameter more than once, or is otherwise malformed. Check the `refresh_token` parameter.',
      );
    const outcome = await rotateRefreshToken(refresh, clientId);
    if (!outcome.ok)
      throw oauthError(
        'invalid_grant',
        outcome.reason === 'reused'
          ? 'The refresh token has already been used; every token of this sign-in has been revoked.'
          : 'The refresh token is invalid.',
      );
    return outcome.tokens;
  }

  const username = text(body.username)?.trim().toLowerCase();
  const password = text(body.password);
  if (!username)
    throw oauthError(
      'invalid_request',
      'The request is missing a required parameter, includes an invalid parameter value, includes a parameter more than once, or is otherwise malformed. Check the `username` parameter.',
    );
  if (!password)
    throw oauthError(
      'invalid_request',
      'The request is missing a required parameter, includes an invalid parameter value, includes a parameter more than once, or is otherwise malformed. Check the `password` parameter.',
    );

  const limits = [ACCOUNT_LIMIT(username, ip), ADDRESS_LIMIT(ip)];
  await assertNotThrottled(limits, 'Too many sign-in attempts. Please try again');
  const db = await getDb();
  const [user] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${username}`, isNull(users.deleted_at)));
  const ok = user ? await verifyPassword(user.password_hash, password) : false;
  if (!user || !ok) {
    await Promise.all(limits.map(hit));
    throw oauthError('invalid_grant', 'The user credentials were incorrect.');
  }
  await clear(limits[0]!.key);
  return issueTokens(db, { userId: user.id, clientId, scopes });
}
