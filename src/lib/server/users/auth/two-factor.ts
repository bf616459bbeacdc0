/**
 * Two-factor authentication as a whole: which second factors a user has (an authenticator app,
 * passkeys, recovery codes), whether it is on (users.two_factor_enabled_at, so every request knows it
 * from the cached session user), checking a second factor with the same throttles as a password, and
 * the mail that tells the account's address when a factor is added or removed.
 */
import { eq } from 'drizzle-orm';
import { config } from '../../config';
import { getDb, type Db, type Tx, users } from '../../db';
import { fieldError, HttpError } from '../../http';
import { renderMail, queueMail } from '../../mail';
import { listPasskeys, serializePasskey, verifyPasskeyAssertion, type PasskeyPayload } from './passkeys';
import { deleteRecoveryCodes, recoveryCodesLeft, RECOVERY_CODE_COUNT, spendRecoveryCode } from './recovery-codes';
import { addFailure, assertNotThrottled, clear, clearFailures, delayRemaining, hit, type GrowingDelay, type Limit } from './throttle';
import { confirmedTotp, normalizeCode, verifyTotpCode } from './totp';

export type SecondFactorMethod = 'totp' | 'webauthn' | 'recovery_code';

export interface TwoFactorPayload {
  enabled: boolean;
  /** Admins must keep it on. */
  required: boolean;
  totp: { enabled: boolean; confirmed_at: string | null };
  passkeys: PasskeyPayload[];
  recovery_codes: { remaining: number; total: number };
}

/** The ways the user can give a second factor, strongest first; empty while two-factor sign-in is off. */
export async function secondFactorMethods(userId: number, db?: Db | Tx): Promise<SecondFactorMethod[]> {
  const conn = db ?? (await getDb());
  const [totp, keys, left] = await Promise.all([confirmedTotp(userId, conn), listPasskeys(userId, conn), recoveryCodesLeft(userId, conn)]);
  const methods: SecondFactorMethod[] = [];
  if (keys.length) methods.push('webauthn');
  if (totp) methods.push('totp');
  if (methods.length && left > 0) methods.push('recovery_code');
  return methods;
}

/** What /settings/signin-method and GET /api/user/two-factor show. */
export async function twoFactorSummary(userId: number, type: string): Promise<TwoFactorPayload> {
  const db = await getDb();
  const [totp, keys, left] = await Promise.all([confirmedTotp(userId, db), listPasskeys(userId, db), recoveryCodesLeft(userId, db)]);
  return {
    enabled: !!totp || keys.length > 0,
    required: type === 'ADMIN',
    totp: { enabled: !!totp, confirmed_at: totp?.confirmed_at?.toISOString() ?? null },
    passkeys: keys.map(serializePasskey),
    recovery_codes: { remaining: left, total: RECOVERY_CODE_COUNT },
  };
}

/**
 * Brings users.two_factor_enabled_at in line with the factors the user has (inside the transaction that
 * changed them): set when the first factor is confirmed, cleared (with the recovery codes) when the
 * last one goes. Answers whether it is on now.
 */
export async function syncTwoFactorState(userId: number, tx: Tx): Promise<boolean> {
  const [totp, keys] = await Promise.all([confirmedTotp(userId, tx), listPasskeys(userId, tx)]);
  const on = !!totp || keys.length > 0;
  const [user] = await tx.select({ at: users.two_factor_enabled_at }).from(users).where(eq(users.id, userId));
  if (on && !user?.at) await tx.update(users).set({ two_factor_enabled_at: new Date() }).where(eq(users.id, userId));
  if (!on) {
    if (user?.at) await tx.update(users).set({ two_factor_enabled_at: null }).where(eq(users.id, userId));
    await deleteRecoveryCodes(userId, tx);
  }
  return on;
}

/** Mails the account's address that its sign-in changed (a factor added or removed, codes generated or used). */
export async function mailSecurityNotice(userId: number, subject: string, line: string, db?: Db | Tx): Promise<void> {
  const conn = db ?? (await getDb());
  const [user] = await conn.select({ email: users.email, first_name: users.first_name }).from(users).where(eq(users.id, userId));
  if (!user) return;
  await queueMail(
    renderMail({
      to: user.email,
      subject,
      greeting: `Hi ${user.first_name || 'there'},`,
      lines: [line, 'You can see and change how you sign in at any time under Settings → Sign-in method.'],
      action: { label: 'Review your sign-in methods', url: `${config().appUrl}/settings/signin-method` },
      footer: `If this was not you, reset your password from the sign-in page at once and write to ${config().supportEmail}.`,
    }),
    conn,
  );
}

/** What a person gives as their second factor: a code from their app, a recovery code, or a passkey's answer. */
export interface SecondFactorProof {
  otp?: unknown;
  recovery_code?: unknown;
  /** A WebAuthn assertion, answering `webauthnChallenge`. */
  credential?: unknown;
}

export const SECOND_FACTOR_FAILED = 'That code is not right. Check your authenticator app and try again.';
const THROTTLED = 'Too many two-factor attempts. Please try again';

// The same three throttles as a password (sign-in.ts): per account and address, per address, and a
// growing delay per account across every address.
const accountAddressLimit = (userId: number, ip: string): Limit => ({ key: `mfa:${userId}|${ip}`, max: 5, windowSeconds: 60 });
const addressLimit = (ip: string): Limit => ({ key: `mfa-ip:${ip}`, max: 30, windowSeconds: 300 });
const accountDelay = (userId: number): GrowingDelay => ({ key: `mfa-account:${userId}`, free: 5, baseSeconds: 1, maxSeconds: 900, forgetSeconds: 3600 });

/**
 * Checks a second factor of the user, throttled like a password; answers the method that passed, or
 * throws a 422 on the field given (`otp`, `recovery_code`, `credential`) or a 429 with Retry-After.
 */
export async function checkSecondFactor(
  userId: number,
  proof: SecondFactorProof,
  context: { ip: string; webauthnChallenge?: string | null },
): Promise<SecondFactorMethod> {
  const limits = [accountAddressLimit(userId, context.ip), addressLimit(context.ip)];
  const delay = accountDelay(userId);
  await assertNotThrottled(limits, THROTTLED);
  const wait = await delayRemaining(delay);
  if (wait > 0) throw new HttpError(429, `${THROTTLED} in ${wait} seconds.`, undefined, { 'Retry-After': String(wait) });

  let method: SecondFactorMethod | null = null;
  let field = 'otp';
  let message = SECOND_FACTOR_FAILED;
  if (proof.credential !== undefined && proof.credential !== null) {
    field = 'credential';
    message = 'That passkey could not be verified. Try again, or use another way.';
    if (context.webauthnChallenge && (await verifyPasskeyAssertion(context.webauthnChallenge, proof.credential, userId)) === userId) method = 'webauthn';
  } else if (typeof proof.recovery_code === 'string' && proof.recovery_code.trim()) {
    field = 'recovery_code';
    message = 'That recovery code is not right, or it was used already.';
    if (await spendRecoveryCode(userId, proof.recovery_code)) method = 'recovery_code';
  } else {
    const code = normalizeCode(proof.otp);
    if (proof.otp === undefined || proof.otp === null || proof.otp === '') throw fieldError('otp', 'Enter the 6-digit code from your authenticator app.');
    if (code && (await verifyTotpCode(userId, code))) method = 'totp';
  }
  if (!method) {
    await Promise.all([...limits.map(hit), addFailure(delay)]);
    throw fieldError(field, message);
  }
  await Promise.all([clear(limits[0]!.key), clearFailures(delay.key)]);
  if (method === 'recovery_code') {
    const left = await recoveryCodesLeft(userId);
    await mailSecurityNotice(
      userId,
      'A recovery code was used to sign in to Cuepoint',
      `One of your recovery codes was just used in place of your second factor. ${left} of ${RECOVERY_CODE_COUNT} are left; generate new ones when you run low.`,
    );
  }
  return method;
}
