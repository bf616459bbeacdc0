import { useState, type SubmitEvent } from 'react';
import { safeRedirect } from '../../lib/safe-redirect';
import { SignInError, signIn } from '../../lib/session';
import { Button } from '../../components/Button';

interface Props {
  redirect: string | null;
  /** Where the form posts when submitted before hydration (this page, with its query). */
  action: string;
  email?: string;
  /** The server's answer to a form posted before hydration. */
  error?: string | null;
  notice?: string | null;
}

/**
 * The sign-in form. It is a real form (POST to this page), so it works before hydration or without
 * JavaScript; once hydrated it signs in through POST /session and shows errors in place. Values are read
 * from the form itself, so nothing typed before hydration is lost.
 */
export default function LoginForm({ redirect, action, email = '', error: initialError = null, notice }: Props) {
  const [error, setError] = useState<string | null>(initialError);
  const [busy, setBusy] = useState(false);

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
      await signIn(emailValue, password);
      window.location.assign(safeRedirect(redirect));
    } catch (e) {
      setBusy(false);
      setError(e instanceof SignInError ? e.message : 'We could not reach Cuepoint. Check your connection and try again.');
    }
  }

  return (
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
        <input id="login-email" name="email" type="email" autoComplete="username" defaultValue={email} required autoFocus />
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
  );
}
