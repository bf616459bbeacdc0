import { useState, type SubmitEvent } from 'react';
import { api, ApiError } from '../../lib/api';

/** Asks for a password reset link by email. */
export default function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const res = await api<{ message: string }>('/api/password/email', { method: 'POST', guest: true, body: { email } });
      setSent(res.message);
    } catch (e) {
      setError(e instanceof ApiError ? (e.field('email') ?? e.message) : 'We could not reach Cuepoint. Check your connection and try again.');
    } finally {
      setBusy(false);
    }
  }

  if (sent)
    return (
      <p className="alert alert-success" role="status">
        {sent}
      </p>
    );
  return (
    <form className="form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor="forgot-email">Email</label>
        <input
          id="forgot-email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={error ? 'forgot-error' : undefined}
          required
          autoFocus
        />
        {error && (
          <p id="forgot-error" className="field-error">
            {error}
          </p>
        )}
      </div>
      <button className="btn btn-primary btn-block" type="submit" disabled={busy}>
        {busy ? 'Sending…' : 'Email me a reset link'}
      </button>
    </form>
  );
}
