import { useState, type SubmitEvent } from 'react';
import { api, ApiError } from '../../lib/api';
import { firstError, type FieldErrors } from '../../lib/rules/field-errors';

interface Props {
  token: string;
  email: string;
}

/** Sets a new password with the mailed token. */
export default function ResetPasswordForm({ token, email: initialEmail }: Props) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setErrors({});
    setMessage(null);
    try {
      await api('/api/password/reset', { method: 'POST', guest: true, body: { token, email, password, password_confirmation: confirmation } });
      window.location.assign('/login?reset=1');
    } catch (e) {
      setBusy(false);
      if (e instanceof ApiError && Object.keys(e.errors).length) {
        setErrors(e.errors);
      } else {
        setMessage(e instanceof ApiError ? e.message : 'We could not reach Cuepoint. Check your connection and try again.');
      }
    }
  }

  const err = (key: string) =>
    firstError(errors, key) && (
      <p id={`reset-${key}-error`} className="field-error">
        {firstError(errors, key)}
      </p>
    );
  return (
    <form className="form" onSubmit={submit} noValidate>
      {message && (
        <p className="alert alert-error" role="alert">
          {message}
        </p>
      )}
      <div className="field">
        <label htmlFor="reset-email">Email</label>
        <input
          id="reset-email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={firstError(errors, 'email') ? 'true' : undefined}
          aria-describedby={firstError(errors, 'email') ? 'reset-email-error' : undefined}
        />
        {err('email')}
      </div>
      <div className="field">
        <label htmlFor="reset-password">New password</label>
        <input
          id="reset-password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={firstError(errors, 'password') ? 'true' : undefined}
          aria-describedby={firstError(errors, 'password') ? 'reset-password-error' : undefined}
        />
        {err('password')}
      </div>
      <div className="field">
        <label htmlFor="reset-confirmation">Confirm new password</label>
        <input id="reset-confirmation" type="password" autoComplete="new-password" value={confirmation} onChange={(e) => setConfirmation(e.target.value)} />
      </div>
      <button className="btn btn-primary btn-block" type="submit" disabled={busy}>
        {busy ? 'Saving…' : 'Reset password'}
      </button>
    </form>
  );
}
