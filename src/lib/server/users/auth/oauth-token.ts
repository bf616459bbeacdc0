/**
 * POST /oauth/token: the password and refresh_token grants, answering OAuth 2.0 (RFC 6749 §5) bodies.
 * The password grant is sign-in.ts's (timing-safe, throttled per account, address and account across addresses).
 */
import { HttpError } from '../../http';
import { completeSignIn, signInWithPassword } from './sign-in';
import { rotateRefreshToken, type TokenPair } from './tokens';
import { verifyClient } from './oauth-clients';

export type OAuthErrorCode = 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unsupported_grant_type' | 'invalid_scope' | 'mfa_required';

const STATUS: Record<OAuthErrorCode, number> = {
  mfa_required: 400,
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  unsupported_grant_type: 400,
  invalid_scope: 400,
};

/** An OAuth 2.0 error: `{ error, error_description, message }` with the RFC's status. */
export function oauthError(error: OAuthErrorCode, description: string, headers?: Record<string, string>, extra: Record<string, unknown> = {}): HttpError {
  return new HttpError(STATUS[error], description, undefined, headers, { error, error_description: description, message: description, ...extra });
}

export const MFA_REQUIRED =
  'Two-factor authentication is on for this account: send the same request again with mfa_token and otp (a code from the authenticator app) or recovery_code.';

/** RFC 6749's description of invalid_request, for a body that cannot be read at all. */
export const INVALID_REQUEST =
  'The request is missing a required parameter, includes an invalid parameter value, includes a parameter more than once, or is otherwise malformed.';

const SUPPORTED_SCOPES = new Set(['', '*']);

export interface TokenRequest {
  grant_type?: unknown;
  client_id?: unknown;
  client_secret?: unknown;
  username?: unknown;
  password?: unknown;
  refresh_token?: unknown;
  scope?: unknown;
  mfa_token?: unknown;
  otp?: unknown;
  recovery_code?: unknown;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null);

/** Runs a token request and answers the token pair, or throws an OAuth error. */
export async function tokenGrant(body: TokenRequest, ip: string, userAgent: string | null = null): Promise<TokenPair> {
  const grant = text(body.grant_type);
  if (!grant) throw oauthError('unsupported_grant_type', 'The authorization grant type is not supported by the authorization server.');
  if (grant !== 'password' && grant !== 'refresh_token')
    throw oauthError('unsupported_grant_type', 'The authorization grant type is not supported by the authorization server.');
  const clientId = text(body.client_id);
  const clientSecret = text(body.client_secret);
  if (!clientId) throw oauthError('invalid_request', `${INVALID_REQUEST} Check the \`client_id\` parameter.`);
  if (!clientSecret || !(await verifyClient(clientId, clientSecret))) throw oauthError('invalid_client', 'Client authentication failed');
  const scope = text(body.scope) ?? '';
  if (!scope.split(/\s+/).every((s) => SUPPORTED_SCOPES.has(s))) throw oauthError('invalid_scope', 'The requested scope is invalid, unknown, or malformed.');
  const scopes = scope.trim() ? scope.trim().split(/\s+/) : [];

  if (grant === 'refresh_token') {
    const refresh = text(body.refresh_token);
    if (!refresh) throw oauthError('invalid_request', `${INVALID_REQUEST} Check the \`refresh_token\` parameter.`);
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

  const username = text(body.username)?.trim();
  const password = text(body.password);
  if (!username) throw oauthError('invalid_request', `${INVALID_REQUEST} Check the \`username\` parameter.`);
  if (!password) throw oauthError('invalid_request', `${INVALID_REQUEST} Check the \`password\` parameter.`);

  let outcome: Awaited<ReturnType<typeof signInWithPassword>>;
  try {
    outcome = await signInWithPassword({ email: username, password, ip, scopes, clientId, userAgent });
  } catch (error) {
    // Wrong credentials are OAuth's invalid_grant; a throttle stays a 429 with Retry-After.
    if (error instanceof HttpError && error.status === 422) throw oauthError('invalid_grant', 'The user credentials were incorrect.');
    throw error;
  }
  if (outcome.tokens) return outcome.tokens;
  // Two-factor authentication (the Auth0 "mfa_required" shape): the same request comes back with the
  // mfa_token of an earlier answer and a code; without a code, a new mfa_token is answered.
  const mfaToken = text(body.mfa_token);
  const otp = text(body.otp);
  const recoveryCode = text(body.recovery_code);
  if (!mfaToken || (!otp && !recoveryCode))
    throw oauthError('mfa_required', MFA_REQUIRED, undefined, {
      mfa_token: outcome.mfa.mfa_token,
      mfa_methods: outcome.mfa.methods.filter((m) => m !== 'webauthn'),
    });
  try {
    return await completeSignIn({
      mfaToken,
      proof: { otp: otp ?? undefined, recovery_code: recoveryCode ?? undefined },
      ip,
      userAgent,
      clientId,
      userId: outcome.userId,
    });
  } catch (error) {
    if (error instanceof HttpError && error.status === 422) {
      const expired = !!error.errors?.mfa_token;
      throw oauthError(
        'invalid_grant',
        expired ? 'The mfa_token is invalid or has expired.' : 'The two-factor code is incorrect.',
        undefined,
        expired ? { mfa_token: outcome.mfa.mfa_token, mfa_methods: outcome.mfa.methods.filter((m) => m !== 'webauthn') } : {},
      );
    }
    throw error;
  }
}
