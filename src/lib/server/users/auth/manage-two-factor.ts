/**
 * Turning two-factor sign-in on and off, factor by factor, from /settings/signin-method (and the
 * enrolment admins are led to): each change needs a recent proof (step-up.ts), runs in one transaction
 * with users.two_factor_enabled_at kept in line, and is mailed to the account's address. The first
 * factor brings ten recovery codes, shown once. Admins cannot remove their last factor.
 */
import { getDb } from '../../db';
import { fieldError } from '../../http';
import type { SessionUser } from '../session-user';
import { createChallenge, findChallenge, spendChallenge } from './mfa-challenges';
import { deleteAllPasskeys, deletePasskey, passkeyRegistrationOptions, registerPasskey, serializePasskey, type PasskeyPayload } from './passkeys';
import { generateRecoveryCodes } from './recovery-codes';
import { requireRecentVerification } from './step-up';
import { confirmTotpSetup, normalizeCode, removeTotp, startTotpSetup, type TotpSecret } from './totp';
import { mailSecurityNotice, secondFactorMethods, syncTwoFactorState } from './two-factor';

const ADMIN_KEEPS_ONE = 'Admins must keep two-factor authentication on: add another passkey or authenticator app before removing this one.';

/** Answers the recovery codes when this change turned two-factor sign-in on (null otherwise). */
type Enrolled = { recovery_codes: string[] | null };

/** POST /api/user/two-factor/totp: a new authenticator secret, its otpauth URL and QR code. */
export async function beginTotp(locals: App.Locals): Promise<TotpSecret> {
  await requireRecentVerification(locals);
  const user = locals.user!;
  return startTotpSetup({ id: user.id, email: user.row.email });
}

/** POST /api/user/two-factor/totp/confirm {code}: the first code turns the authenticator on. */
export async function confirmTotp(locals: App.Locals, rawCode: unknown): Promise<Enrolled> {
  await requireRecentVerification(locals);
  const user = locals.user!;
  const code = normalizeCode(rawCode);
  if (!code) throw fieldError('code', 'Enter the 6-digit code your authenticator app shows.');
  const db = await getDb();
  const outcome = await db.transaction(async (tx) => {
    const wasOn = !!user.row.two_factor_enabled_at || (await secondFactorMethods(user.id, tx)).length > 0;
    if (!(await confirmTotpSetup(user.id, code, tx))) return null;
    await syncTwoFactorState(user.id, tx);
    const codes = wasOn ? null : await generateRecoveryCodes(user.id, tx);
    await mailSecurityNotice(
      user.id,
      wasOn ? 'An authenticator app was added to your Cuepoint account' : 'Two-factor authentication is on for your Cuepoint account',
      'An authenticator app was just set up for signing in to your account: from now on you enter a code from it after your password.',
      tx,
    );
    return { recovery_codes: codes };
  });
  if (!outcome) throw fieldError('code', 'That code is not right. Check that your phone’s time is set automatically and try the newest code.');
  return outcome;
}

/** Throws when removing a factor would leave an admin without one. */
async function assertAdminKeepsOne(user: SessionUser, remaining: number): Promise<void> {
  if (user.type === 'ADMIN' && remaining === 0) throw fieldError('two_factor', ADMIN_KEEPS_ONE);
}

/** DELETE /api/user/two-factor/totp: removes the authenticator app. */
export async function removeAuthenticator(locals: App.Locals): Promise<void> {
  await requireRecentVerification(locals);
  const user = locals.user!;
  const db = await getDb();
  await db.transaction(async (tx) => {
    const removed = await removeTotp(user.id, tx);
    if (!removed) return;
    await assertAdminKeepsOne(user, (await secondFactorMethods(user.id, tx)).filter((m) => m !== 'recovery_code').length);
    const on = await syncTwoFactorState(user.id, tx);
    await mailSecurityNotice(
      user.id,
      on ? 'An authenticator app was removed from your Cuepoint account' : 'Two-factor authentication was turned off for your Cuepoint account',
      on
        ? 'The authenticator app of your account was just removed. You still sign in with your passkeys.'
        : 'The last second factor of your account was just removed: you now sign in with your password alone.',
      tx,
    );
  });
}

/** POST /api/user/two-factor/passkeys/options: the WebAuthn creation options and the token of their challenge. */
export async function beginPasskey(locals: App.Locals) {
  await requireRecentVerification(locals);
  const user = locals.user!;
  const options = await passkeyRegistrationOptions({
    id: user.id,
    encrypted_id: user.row.encrypted_id,
    email: user.row.email,
    name: `${user.row.first_name} ${user.row.last_name}`.trim(),
  });
  const token = await createChallenge({ purpose: 'passkey-register', userId: user.id, webauthnChallenge: options.challenge });
  return { challenge_token: token, options };
}

/** POST /api/user/two-factor/passkeys {challenge_token, credential, name}: stores the new passkey. */
export async function addPasskey(
  locals: App.Locals,
  input: { challenge_token: string; credential: unknown; name: string },
): Promise<Enrolled & { data: PasskeyPayload }> {
  await requireRecentVerification(locals);
  const user = locals.user!;
  const challenge = await findChallenge(input.challenge_token, 'passkey-register');
  if (!challenge || challenge.user_id !== user.id || !challenge.webauthn_challenge)
    throw fieldError('credential', 'The passkey request has expired. Try again.');
  const db = await getDb();
  const outcome = await db.transaction(async (tx) => {
    const wasOn = (await secondFactorMethods(user.id, tx)).length > 0;
    const row = await registerPasskey(user.id, challenge.webauthn_challenge!, input.credential, input.name, tx);
    await syncTwoFactorState(user.id, tx);
    const codes = wasOn ? null : await generateRecoveryCodes(user.id, tx);
    await mailSecurityNotice(
      user.id,
      wasOn ? 'A passkey was added to your Cuepoint account' : 'Two-factor authentication is on for your Cuepoint account',
      `A passkey named “${row.name}” was just added to your account: it signs you in with your fingerprint, face or device PIN.`,
      tx,
    );
    return { data: serializePasskey(row), recovery_codes: codes };
  });
  await spendChallenge(challenge.id);
  return outcome;
}

/** DELETE /api/user/two-factor/passkeys/{id}. */
export async function removePasskey(locals: App.Locals, id: number): Promise<void> {
  await requireRecentVerification(locals);
  const user = locals.user!;
  const db = await getDb();
  await db.transaction(async (tx) => {
    const row = await deletePasskey(user.id, id, tx);
    await assertAdminKeepsOne(user, (await secondFactorMethods(user.id, tx)).filter((m) => m !== 'recovery_code').length);
    const on = await syncTwoFactorState(user.id, tx);
    await mailSecurityNotice(
      user.id,
      on ? 'A passkey was removed from your Cuepoint account' : 'Two-factor authentication was turned off for your Cuepoint account',
      `The passkey “${row.name}” was just removed from your account${on ? '' : ', the last second factor it had: you now sign in with your password alone'}.`,
      tx,
    );
  });
}

/** POST /api/user/two-factor/recovery-codes: ten new codes; the old ones stop working. */
export async function regenerateRecoveryCodes(locals: App.Locals): Promise<{ recovery_codes: string[] }> {
  await requireRecentVerification(locals);
  const user = locals.user!;
  const db = await getDb();
  return db.transaction(async (tx) => {
    if ((await secondFactorMethods(user.id, tx)).filter((m) => m !== 'recovery_code').length === 0)
      throw fieldError('two_factor', 'Turn on two-factor authentication first.');
    const codes = await generateRecoveryCodes(user.id, tx);
    await mailSecurityNotice(
      user.id,
      'New recovery codes for your Cuepoint account',
      'New recovery codes were just generated for your account; the old ones no longer work.',
      tx,
    );
    return { recovery_codes: codes };
  });
}

/** DELETE /api/user/two-factor: removes every second factor (not for admins). */
export async function turnOffTwoFactor(locals: App.Locals): Promise<void> {
  await requireRecentVerification(locals);
  const user = locals.user!;
  if (user.type === 'ADMIN') throw fieldError('two_factor', 'Admins must keep two-factor authentication on.');
  const db = await getDb();
  await db.transaction(async (tx) => {
    const had = (await secondFactorMethods(user.id, tx)).length > 0;
    await removeTotp(user.id, tx);
    await deleteAllPasskeys(user.id, tx);
    await syncTwoFactorState(user.id, tx);
    if (had)
      await mailSecurityNotice(
        user.id,
        'Two-factor authentication was turned off for your Cuepoint account',
        'Two-factor authentication was just turned off: your authenticator app, passkeys and recovery codes no longer sign you in, and your password alone does.',
        tx,
      );
  });
}
