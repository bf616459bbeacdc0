import { useEffect, useState, type SubmitEvent } from 'react';
import { safeRedirect } from '../../lib/safe-redirect';
import { SignInError, signIn, type SecondStep } from '../../lib/session';
import { Button } from '../../components/Button';
import { SecondFactorForm } from '../two-factor/SecondFactorForm';
import { completeSecondStep, secondStepWithPasskey, passkeyOnlySignIn } from '../two-factor/sign-in-steps';
import { passkeysSupported } from '../two-factor/webauthn';

interface Props {
  redirect: string | null;
  /** Where the form posts when submitted before hydration (this page, with its query). */
  action: string;
  email?: string;
  /** The server's answer to a form posted before hydration. */
  error?: string | null;
  notice?: string | null;
  /** The second step, when the password posted before hydration was right and the account has two-factor on. */
  mfa?: SecondStep | null;
}

const OFFLINE = 'We could not reach Cuepoint. Check your connection and try again.';
const message = (e: unknown) => (e instanceof SignInError || (e instanceof Error && !(e instanceof TypeError)) ? e.message : OFFLINE);

/**
 * The sign-in form. It is a real form (POST to this page), so it works before hydration or without
 * JavaScript; once hydrated it signs in through POST /session and shows errors in place. Values are read
 * from the form itself, so nothing typed before hydration is lost. With two-factor authentication on,
 * the password is followed by a second step (a code, a passkey or a recovery code); a passkey may also
 * sign in alone.
 */
export default function LoginForm({ redirect, action, email = '', error: initialError = null, notice, mfa = null }: Props) {
  const [error, setError] = useState<string | null>(mfa ? null : initialError);
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState<SecondStep | null>(mfa);
  const [passkeys, setPasskeys] = useState(false);
  useEffect(() => setPasskeys(passkeysSupported()), []);
  const done = () => window.location.assign(safeRedirect(redirect));

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setError(null);
    const form = new FormData(event.currentTarget);
    const emailValue = String(form.get('email') ?? '').trim();
    const password = String(form.get('password') ?? '');
    if (!emailValue || !password) {
      setError('Enter your email and password.');
      return;
    }
    setBusy(true);
    try {
      const second = await signIn(emailValue, password);
      if (second) {
        setStep(second);
        setBusy(false);
        return;
      }
      done();
    } catch (e) {
      setBusy(false);
      setError(message(e));
    }
  }

  async function passkeyOnly() {
    setError(null);
    setBusy(true);
    try {
      await passkeyOnlySignIn();
      done();
    } catch (e) {
      setBusy(false);
      setError(message(e));
    }
  }

  if (step) {
    return (
      <div className="second-step">
        <h2 className="second-step__title">Two-factor authentication</h2>
        <SecondFactorForm
          methods={step.methods}
          submitLabel="Verify"
          action={action}
          hidden={{ mfa_token: step.mfa_token, methods: step.methods.join(',') }}
          error={mfa ? initialError : null}
          onProof={async (proof) => {
            await completeSecondStep(step.mfa_token, proof);
            done();
          }}
          onPasskey={async () => {
            await secondStepWithPasskey(step.mfa_token);
            done();
          }}
        />
        <p className="form-footer">
          <a href={action}>Sign in as someone else</a>
        </p>
      </div>
    );
  }

  return (
    <>
      <form className="form" method="post" action={action} onSubmit={submit} noValidate aria-describedby={error ? 'login-error' : undefined}>
        {notice && !error && (
          <p className="alert alert-info" role="status">
            {notice}
          </p>
        )}
        {error && (
          <p id="login-error" className="alert alert-error" role="alert">
            {error}
          </p>
        )}
        <div className="field">
          <label htmlFor="login-email">Email</label>
          <input id="login-email" name="email" type="email" autoComplete="username webauthn" defaultValue={email} required autoFocus />
        </div>
        <div className="field">
          <label htmlFor="login-password">Password</label>
          <input id="login-password" name="password" type="password" autoComplete="current-password" required />
        </div>
        <p className="field-hint field-hint--end">
          <a href="/password/reset">Forgot your password?</a>
        </p>
        <Button variant="primary" block type="submit" disabled={busy}>
          {busy && <span className="spinner" aria-hidden="true" />}
          {busy ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
      {passkeys && (
        <>
          <p className="second-factor__or">or</p>
          <Button block disabled={busy} onClick={() => void passkeyOnly()}>
            Continue with a passkey
          </Button>
        </>
      )}
    </>
  );
}
