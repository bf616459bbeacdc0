/**
 * Sign-in with email and password: the one path behind POST /oauth/token (password grant), POST /session
 * and the /login form. It takes the same time whether or not the account exists (an unknown email is
 * checked against a dummy hash) and is throttled three ways: per account and address (5 a minute), per
 * address (30 failures in 5 minutes), and per account across every address, where after 5 failures each
 * further attempt waits twice as long as the last (1 s, 2 s, 4 s … up to 15 minutes).
 */
import { and, isNull, sql } from 'drizzle-orm';
import { config } from '../config';
import { randomToken } from '../crypto';
import { getDb } from '../db/client';
import { users } from '../db/schema';
import { fieldError, HttpError } from '../http';
import { hashPassword, verifyPassword } from './passwords';
import { addFailure, assertNotThrottled, clear, clearFailures, delayRemaining, hit, type GrowingDelay, type Limit } from './throttle';
import { recordSessionDevice } from '../users/session-devices';
import { issueTokens, type TokenPair } from './tokens';

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

/** Checks the credentials and issues a token pair; a 422 on `email` when they are wrong, a 429 with Retry-After when throttled. */
export async function signInWithPassword({
  email: rawEmail,
  password,
  ip,
  scopes = [],
  clientId = config().oauth.clientId,
  userAgent = null,
}: SignInInput): Promise<TokenPair> {
  const email = rawEmail.trim().toLowerCase();
  const limits = [accountAddressLimit(email, ip), addressLimit(ip)];
  const delay = accountDelay(email);
  await assertNotThrottled(limits, SIGN_IN_THROTTLED);
  const wait = await delayRemaining(delay);
  if (wait > 0) throw new HttpError(429, `${SIGN_IN_THROTTLED} in ${wait} seconds.`, undefined, { 'Retry-After': String(wait) });

  const db = await getDb();
  const [user] = await db
    .select({ id: users.id, password_hash: users.password_hash })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, isNull(users.deleted_at)));
  const ok = await verifyPassword(user?.password_hash ?? (await dummy()), password);
  if (!user || !ok) {
    await Promise.all([...limits.map(hit), addFailure(delay)]);
    throw fieldError('email', SIGN_IN_FAILED);
  }
  await Promise.all([clear(limits[0]!.key), clearFailures(delay.key)]);
  const tokens = await issueTokens(db, { userId: user.id, clientId, scopes });
  await recordSessionDevice(tokens.access_token, { userAgent, ip });
  return tokens;
}

/** Warms the dummy hash at start, so the first sign-in with an unknown email is not the slow one. */
export function prepareSignIn(): Promise<unknown> {
  return dummy();
}
