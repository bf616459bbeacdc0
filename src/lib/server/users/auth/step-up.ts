/**
 * Step-up ("sudo mode", as GitHub calls it): changing the payout method, requesting a payout, changing
 * the email or password, and changing or turning off two-factor sign-in need a proof of who is at the
 * keyboard from the last 10 minutes. A sign-in is such a proof; after 10 minutes the person is asked
 * again: for their second factor when they have one, for their password otherwise. While an admin
 * imitates a user, the admin is the one asked. The proof belongs to the sign-in (its token family), so
 * it survives token refreshes and ends with the session.
 *
 * The window is measured on sessionClockNow() (clock.ts), which tests may move forward.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { sessionClockNow } from '../../clock';
import { getDb, type Db, type Tx, sessionVerifications, users } from '../../db';
import { fieldError, HttpError } from '../../http';
import type { SessionUser } from '../session-user';
import { readAccessTokenClaims } from './access-token';
import { createChallenge, findChallenge, spendChallenge } from './mfa-challenges';
import { passkeyAuthenticationOptions } from './passkeys';
import { verifyPassword } from './passwords';
import { throttle } from './throttle';
import { checkSecondFactor, secondFactorMethods, type SecondFactorMethod } from './two-factor';

export const STEP_UP_WINDOW_MS = 10 * 60_000;

export type StepUpMethod = SecondFactorMethod | 'password';

/** Records that the sign-in (token family) just proved who is at the keyboard. */
export async function recordVerification(familyId: string, userId: number, db?: Db | Tx): Promise<void> {
  const conn = db ?? (await getDb());
  const at = new Date(sessionClockNow());
  await conn
    .insert(sessionVerifications)
    .values({ family_id: familyId, user_id: userId, verified_at: at })
    .onConflictDoUpdate({ target: sessionVerifications.family_id, set: { verified_at: at } });
}

/** Records a sign-in's proof from the access token it was issued. */
export async function recordVerificationOf(accessToken: string, userId: number): Promise<void> {
  const claims = await readAccessTokenClaims(accessToken);
  if (claims) await recordVerification(claims.familyId, userId);
}

/** The person at the keyboard: the admin while they imitate someone, else the user. */
const keyboardUserId = (user: SessionUser) => user.imitatedBy ?? user.id;

async function familyOf(accessToken: string | null): Promise<string | null> {
  return accessToken ? ((await readAccessTokenClaims(accessToken))?.familyId ?? null) : null;
}

/** When the session's step-up proof runs out (ISO), or null when there is none in force. */
export async function stepUpUntil(locals: App.Locals): Promise<string | null> {
  const familyId = await familyOf(locals.accessToken);
  if (!familyId) return null;
  const db = await getDb();
  const [row] = await db.select({ at: sessionVerifications.verified_at }).from(sessionVerifications).where(eq(sessionVerifications.family_id, familyId));
  if (!row) return null;
  const until = row.at.getTime() + STEP_UP_WINDOW_MS;
  return until > sessionClockNow() ? new Date(until).toISOString() : null;
}

/** How the person at the keyboard proves it is them: their second factors, or their password when they have none. */
export async function stepUpMethods(user: SessionUser): Promise<StepUpMethod[]> {
  const methods = await secondFactorMethods(keyboardUserId(user));
  return methods.length ? methods : ['password'];
}

export const STEP_UP_MESSAGE = 'Confirm it is you to continue.';

/** Throws 403 `{error: 'step_up_required', methods}` unless the session proved who is at the keyboard in the last 10 minutes. */
export async function requireRecentVerification(locals: App.Locals): Promise<void> {
  const user = locals.user;
  if (!user) throw new HttpError(401, 'Unauthenticated.');
  if (await stepUpUntil(locals)) return;
  const methods = await stepUpMethods(user);
  throw new HttpError(403, STEP_UP_MESSAGE, undefined, undefined, { message: STEP_UP_MESSAGE, error: 'step_up_required', methods });
}

export const stepUpSchema = z.object({
  password: z.string().max(200).optional(),
  otp: z.union([z.string().max(20), z.number()]).optional(),
  recovery_code: z.string().max(40).optional(),
  challenge_token: z.string().max(100).optional(),
  credential: z.unknown().optional(),
});
export type StepUpInput = z.infer<typeof stepUpSchema>;

/** The WebAuthn options for a step-up with a passkey, and the token that carries its challenge. */
export async function stepUpPasskeyOptions(user: SessionUser) {
  const userId = keyboardUserId(user);
  const options = await passkeyAuthenticationOptions(userId);
  if (!options.allowCredentials?.length) throw fieldError('credential', 'You have no passkey yet.');
  const token = await createChallenge({ purpose: 'step-up', userId, webauthnChallenge: options.challenge });
  return { challenge_token: token, options };
}

/** Checks the proof (password, code, recovery code or passkey) and opens the 10-minute window; answers when it closes. */
export async function stepUp(locals: App.Locals, input: StepUpInput, ip: string): Promise<{ verified_until: string }> {
  const user = locals.user;
  const familyId = await familyOf(locals.accessToken);
  if (!user || !familyId) throw new HttpError(401, 'Unauthenticated.');
  const userId = keyboardUserId(user);
  const methods = await secondFactorMethods(userId);
  if (!methods.length) {
    if (!input.password) throw fieldError('password', 'Enter your password.');
    await throttle({ key: `step-up-password:${userId}`, max: 5, windowSeconds: 600 }, 'Too many attempts. Please try again');
    const db = await getDb();
    const [row] = await db.select({ hash: users.password_hash }).from(users).where(eq(users.id, userId));
    if (!row || !(await verifyPassword(row.hash, input.password))) throw fieldError('password', 'The password is incorrect.');
  } else if (input.credential !== undefined) {
    const challenge = await findChallenge(input.challenge_token, 'step-up');
    if (!challenge || challenge.user_id !== userId) throw fieldError('credential', 'The passkey request has expired. Try again.');
    await checkSecondFactor(userId, { credential: input.credential }, { ip, webauthnChallenge: challenge.webauthn_challenge });
    await spendChallenge(challenge.id);
  } else {
    await checkSecondFactor(userId, { otp: input.otp, recovery_code: input.recovery_code }, { ip });
  }
  await recordVerification(familyId, user.id);
  return { verified_until: new Date(sessionClockNow() + STEP_UP_WINDOW_MS).toISOString() };
}

/**
 * For actions that ask for the current password themselves (email and password changes): with a second
 * factor, that is asked for too (within the last 10 minutes); without one, the password is the proof.
 */
export async function requireRecentSecondFactor(locals: App.Locals): Promise<void> {
  const user = locals.user;
  if (!user) throw new HttpError(401, 'Unauthenticated.');
  if ((await secondFactorMethods(keyboardUserId(user))).length === 0) return;
  await requireRecentVerification(locals);
}
