import { useState, type SubmitEvent } from 'react';
import { api, ApiError } from '../../lib/api';
import { Button } from '../../components/Button';

interface Props {
  /** Where the form posts when submitted before hydration (this page). */
  action: string;
  /** The server's answer to a form posted before hydration. */
  email?: string;
  error?: string | null;
  sent?: string | null;
}

/** Asks for a password reset link by email; a real form before hydration, the API once hydrated. */
export default function ForgotPasswordForm({ action, email = '', error: initialError = null, sent: initialSent = null }: Props) {
  const [error, setError] = useState<string | null>(initialError);
  const [sent, setSent] = useState<string | null>(initialSent);
  const [busy, setBusy] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const value = String(new FormData(event.currentTarget).get('email') ?? '');
      const res = await api<{ message: string }>('/api/password/email', { method: 'POST', guest: true, body: { email: value } });
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
    <form className="form" method="post" action={action} onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor="forgot-email">Email</label>
        <input
          id="forgot-email"
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={email}
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
      <Button variant="primary" block type="submit" disabled={busy}>
        {busy ? 'Sending…' : 'Email me a reset link'}
      </Button>
    </form>
  );
}
