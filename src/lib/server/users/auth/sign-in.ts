/**
 * Sign-in with email and password: the one path behind POST /oauth/token (password grant), POST /session
 * and the /login form. It takes the same time whether or not the account exists (an unknown email is
 * checked against a dummy hash) and is throttled three ways: per account and address (5 a minute), per
 * address (30 failures in 5 minutes), and per account across every address, where after 5 failures each
 * further attempt waits twice as long as the last (1 s, 2 s, 4 s … up to 15 minutes).
 *
 * With two-factor authentication on, the right password answers an `mfa_token` instead of tokens: the
 * second step (completeSignIn) takes it with a code from the authenticator app, a recovery code or a
 * passkey's answer. A passkey may also sign in alone (signInWithPasskey): it is something the person has,
 * unlocked by something they are or know (the authenticator verifies them), so two factors in one.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { config } from '../../config';
import { randomToken } from '../../crypto';
import { getDb, users } from '../../db';
import { fieldError, HttpError } from '../../http';
import { hashPassword, verifyPassword } from './passwords';
import { addFailure, assertNotThrottled, clear, clearFailures, delayRemaining, hit, type GrowingDelay, type Limit } from './throttle';
import { recordSessionDevice } from '../session-devices';
import { issueTokens, type TokenPair } from './tokens';
import { createChallenge, failChallenge, findChallenge, setWebauthnChallenge, spendChallenge } from './mfa-challenges';
import { passkeyAuthenticationOptions, verifyPasskeyAssertion } from './passkeys';
import { recordVerificationOf } from './step-up';
import { checkSecondFactor, secondFactorMethods, type SecondFactorMethod, type SecondFactorProof } from './two-factor';

export const SIGN_IN_FAILED = 'These credentials do not match our records.';
export const SIGN_IN_THROTTLED = 'Too many sign-in attempts. Please try again';

const accountAddressLimit = (email: string, ip: string): Limit => ({ key: `login:${email}|${ip}`, max: 5, windowSeconds: 60 });
const addressLimit = (ip: string): Limit => ({ key: `login-ip:${ip}`, max: 30, windowSeconds: 300 });
const accountDelay = (email: string): GrowingDelay => ({ key: `login-account:${email}`, free: 5, baseSeconds: 1, maxSeconds: 900, forgetSeconds: 3600 });

// An argon2id hash of a random password, so an unknown email costs one verification like a known one.
let dummyHash: Promise<string> | null = null;
const dummy = () => (dummyHash ??= hashPassword(randomToken(24)));

export interface SignInInput {
  email: string;
  password: string;
  ip: string;
  scopes?: string[];
  /** The OAuth client the tokens are for (the web client unless the password grant names another). */
  clientId?: string;
  /** The browser's User-Agent, so the sessions list can name the device. */
  userAgent?: string | null;
}

/** The password was right and a second factor is needed: the token of the second step and the ways to answer it. */
export interface MfaRequired {
  mfa_token: string;
  methods: SecondFactorMethod[];
}

export type SignInOutcome = { tokens: TokenPair; mfa?: undefined } | { mfa: MfaRequired; userId: number; tokens?: undefined };

/** Issues the token pair of a new sign-in, records its device, and counts the sign-in as a fresh proof (step-up). */
async function startSession(userId: number, clientId: string, scopes: string[], device: { userAgent: string | null; ip: string }): Promise<TokenPair> {
  const tokens = await issueTokens(await getDb(), { userId, clientId, scopes });
  await recordSessionDevice(tokens.access_token, device);
  await recordVerificationOf(tokens.access_token, userId);
  return tokens;
}

/**
 * Checks the credentials; answers a token pair, or the second step when the account has two-factor
 * authentication on. A 422 on `email` when they are wrong, a 429 with Retry-After when throttled.
 */
export async function signInWithPassword({
  email: rawEmail,
  password,
  ip,
  scopes = [],
  clientId = config().oauth.clientId,
  userAgent = null,
}: SignInInput): Promise<SignInOutcome> {
  const email = rawEmail.trim().toLowerCase();
  const limits = [accountAddressLimit(email, ip), addressLimit(ip)];
  const delay = accountDelay(email);
  await assertNotThrottled(limits, SIGN_IN_THROTTLED);
  const wait = await delayRemaining(delay);
  if (wait > 0) throw new HttpError(429, `${SIGN_IN_THROTTLED} in ${wait} seconds.`, undefined, { 'Retry-After': String(wait) });

  const db = await getDb();
  const [user] = await db
    .select({ id: users.id, password_hash: users.password_hash, two_factor: users.two_factor_enabled_at })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, isNull(users.deleted_at)));
  const ok = await verifyPassword(user?.password_hash ?? (await dummy()), password);
  if (!user || !ok) {
    await Promise.all([...limits.map(hit), addFailure(delay)]);
    throw fieldError('email', SIGN_IN_FAILED);
  }
  await Promise.all([clear(limits[0]!.key), clearFailures(delay.key)]);
  const methods = user.two_factor ? await secondFactorMethods(user.id) : [];
  if (methods.length) return { mfa: { mfa_token: await createChallenge({ purpose: 'sign-in', userId: user.id, clientId, scopes }), methods }, userId: user.id };
  return { tokens: await startSession(user.id, clientId, scopes, { userAgent, ip }) };
}

export const SIGN_IN_EXPIRED = 'This sign-in has expired. Enter your email and password again.';

export interface SecondStepInput {
  mfaToken: unknown;
  proof: SecondFactorProof;
  ip: string;
  userAgent?: string | null;
  /** The OAuth client asking (the password grant's); the second step must come from the client of the first. */
  clientId?: string;
  /** Only this user may answer (the password grant checked the password again). */
  userId?: number;
}

/** The second step of a sign-in: checks the second factor against the `mfa_token` and issues the token pair. */
export async function completeSignIn({ mfaToken, proof, ip, userAgent = null, clientId, userId }: SecondStepInput): Promise<TokenPair> {
  const challenge = await findChallenge(mfaToken, 'sign-in');
  if (!challenge?.user_id || (clientId && challenge.client_id !== clientId) || (userId !== undefined && challenge.user_id !== userId))
    throw fieldError('mfa_token', SIGN_IN_EXPIRED);
  try {
    await checkSecondFactor(challenge.user_id, proof, { ip, webauthnChallenge: challenge.webauthn_challenge });
  } catch (error) {
    if (error instanceof HttpError && error.status === 422) await failChallenge(challenge.id);
    throw error;
  }
  if (!(await spendChallenge(challenge.id))) throw fieldError('mfa_token', SIGN_IN_EXPIRED);
  return startSession(challenge.user_id, challenge.client_id ?? config().oauth.clientId, challenge.scopes, { userAgent, ip });
}

/** The WebAuthn options for answering a sign-in's second step with a passkey (the challenge is kept on the mfa_token). */
export async function secondStepPasskeyOptions(mfaToken: unknown) {
  const challenge = await findChallenge(mfaToken, 'sign-in');
  if (!challenge?.user_id) throw fieldError('mfa_token', SIGN_IN_EXPIRED);
  const options = await passkeyAuthenticationOptions(challenge.user_id);
  if (!options.allowCredentials?.length) throw fieldError('credential', 'This account has no passkey. Use a code instead.');
  await setWebauthnChallenge(challenge.id, options.challenge);
  return options;
}

/** The WebAuthn options for signing in with a passkey alone (any passkey of this site), and the token that carries their challenge. */
export async function passkeySignInOptions() {
  const options = await passkeyAuthenticationOptions(null);
  return { challenge_token: await createChallenge({ purpose: 'passkey-sign-in', webauthnChallenge: options.challenge }), options };
}

const passkeyAddressLimit = (ip: string): Limit => ({ key: `passkey-ip:${ip}`, max: 30, windowSeconds: 300 });
export const PASSKEY_SIGN_IN_FAILED = 'That passkey is not registered with Cuepoint, or it could not be verified.';

/** Signs in with a passkey alone (discoverable credential, user verified by the authenticator). */
export async function signInWithPasskey({
  challengeToken,
  credential,
  ip,
  userAgent = null,
}: {
  challengeToken: unknown;
  credential: unknown;
  ip: string;
  userAgent?: string | null;
}): Promise<TokenPair> {
  await assertNotThrottled([passkeyAddressLimit(ip)], SIGN_IN_THROTTLED);
  const challenge = await findChallenge(challengeToken, 'passkey-sign-in');
  if (!challenge?.webauthn_challenge || !(await spendChallenge(challenge.id)))
    throw fieldError('credential', 'This sign-in has expired. Try the passkey again.');
  const userId = await verifyPasskeyAssertion(challenge.webauthn_challenge, credential, null);
  const db = await getDb();
  const [user] = userId
    ? await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.deleted_at)))
    : [];
  if (!user) {
    await hit(passkeyAddressLimit(ip));
    throw fieldError('credential', PASSKEY_SIGN_IN_FAILED);
  }
  return startSession(user.id, config().oauth.clientId, [], { userAgent, ip });
}

/** Warms the dummy hash at start, so the first sign-in with an unknown email is not the slow one. */
export function prepareSignIn(): Promise<unknown> {
  return dummy();
}
