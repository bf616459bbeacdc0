import { useState, type SubmitEvent } from 'react';
import { OAuthFailure, signIn } from '../../lib/session';
import { safeRedirect } from './safe-redirect';

interface Props {
  redirect: string | null;
  notice?: string | null;
}

/** The sign-in form: email and password through the password grant, then back to where the user was going. */
export default function LoginForm({ redirect, notice }: Props) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (busy) return;
    setError(null);
    if (!email.trim() || !password) {
      setError('Enter your email and password.');
      return;
    }
    setBusy(true);
    try {
      await signIn(email.trim(), password);
      window.location.assign(safeRedirect(redirect));
    } catch (e) {
      setBusy(false);
      if (e instanceof OAuthFailure) {
        if (e.status === 429) setError(e.message);
        else if (e.error === 'invalid_grant') setError('These credentials do not match our records.');
        else setError(e.message);
      } else {
        setError('We could not reach Cuepoint. Check your connection and try again.');
      }
    }
  }

  return (
    <form className="form" onSubmit={submit} noValidate aria-describedby={error ? 'login-error' : undefined}>
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
        <input id="login-email" type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} required autoFocus />
      </div>
      <div className="field">
        <label htmlFor="login-password">Password</label>
        <input id="login-password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
      </div>
      <p className="field-hint" style={{ textAlign: 'right' }}>
        <a href="/password/reset">Forgot your password?</a>
      </p>
      <button className="btn btn-primary btn-block" type="submit" disabled={busy}>
        {busy && <span className="spinner" aria-hidden="true" />}
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
