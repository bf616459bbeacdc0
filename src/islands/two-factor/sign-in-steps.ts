/** The browser's two-factor sign-in calls (same origin; the server sets the session cookies). */
import { post, signInError } from '../../lib/session';
import type { Proof } from './SecondFactorForm';
import { getPasskey } from './webauthn';

/** The second step: a code, a recovery code or a passkey's answer against the mfa_token. */
export async function completeSecondStep(mfaToken: string, proof: Proof | { credential: unknown }): Promise<void> {
  const response = await post('/session/two-factor', { mfa_token: mfaToken, ...proof });
  if (!response.ok) throw await signInError(response);
}

/** The second step with a passkey of the account. */
export async function secondStepWithPasskey(mfaToken: string): Promise<void> {
  const response = await post('/session/two-factor/options', { mfa_token: mfaToken });
  if (!response.ok) throw await signInError(response);
  const { options } = await response.json();
  await completeSecondStep(mfaToken, { credential: await getPasskey(options) });
}

/** Signs in with a passkey alone: the browser offers the passkeys it holds for this site. */
export async function passkeyOnlySignIn(): Promise<void> {
  const start = await post('/session/passkey/options');
  if (!start.ok) throw await signInError(start);
  const { challenge_token, options } = await start.json();
  const credential = await getPasskey(options);
  const response = await post('/session/passkey', { challenge_token, credential });
  if (!response.ok) throw await signInError(response);
}
