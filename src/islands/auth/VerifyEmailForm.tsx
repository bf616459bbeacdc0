import { useState, type SubmitEvent } from 'react';
import { api, ApiError } from '../../lib/api';
import { Button } from '../../components/Button';

interface Props {
  email: string;
}

/** Enter the 6-digit code from the email; resend it, or send it to a corrected address. */
export default function VerifyEmailForm({ email: initialEmail }: Props) {
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [changing, setChanging] = useState(false);
  const [newEmail, setNewEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);

  async function verify(event: SubmitEvent) {
    event.preventDefault();
    if (busy) return;
    setError(null);
    setNotice(null);
    if (!/^\d{6}$/.test(code.trim())) {
      setError('Enter the 6 digits from the email.');
      return;
    }
    setBusy(true);
    try {
      await api('/api/users/email-verification', { method: 'PATCH', body: { code: code.trim() } });
      window.location.assign('/');
    } catch (e) {
      setBusy(false);
      setError(e instanceof ApiError ? (e.field('code') ?? e.message) : 'We could not reach Cuepoint. Check your connection and try again.');
    }
  }

  async function resend(to?: string) {
    setError(null);
    setNotice(null);
    setEmailError(null);
    try {
      const res = await api<{ message: string; data: { email: string } }>('/api/users/email-verification', { method: 'POST', body: to ? { email: to } : {} });
      setEmail(res.data.email);
      setNotice(res.message);
      setChanging(false);
      setNewEmail('');
    } catch (e) {
      const message = e instanceof ApiError ? (e.field('email') ?? e.message) : 'We could not reach Cuepoint. Check your connection and try again.';
      if (to) setEmailError(message);
      else setError(message);
    }
  }

  return (
    <div className="form">
      <p className="lead cp-m-0">
        We sent a 6-digit code to <strong>{email}</strong>. Enter it below, or open the link in that email.
      </p>
      {notice && (
        <p className="alert alert-success" role="status">
          {notice}
        </p>
      )}
      <form className="form" onSubmit={verify} noValidate>
        <div className="field">
          <label htmlFor="verify-code">Verification code</label>
          <input
            id="verify-code"
            className="code-input"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
            aria-invalid={error ? 'true' : undefined}
            aria-describedby={error ? 'verify-code-error' : undefined}
            autoFocus
          />
          {error && (
            <p id="verify-code-error" className="field-error" role="alert">
              {error}
            </p>
          )}
        </div>
        <Button variant="primary" block type="submit" disabled={busy}>
          {busy ? 'Verifying…' : 'Verify email'}
        </Button>
      </form>
      <p className="cp-muted cp-m-0">
        Didn’t get it? Check your spam folder, or{' '}
        <Button type="button" variant="link" onClick={() => void resend()}>
          send a new code
        </Button>{' '}
        or{' '}
        <Button type="button" variant="link" onClick={() => setChanging((v) => !v)} aria-expanded={changing}>
          use a different email
        </Button>
        .
      </p>
      {changing && (
        <form
          className="form"
          onSubmit={(e) => {
            e.preventDefault();
            void resend(newEmail);
          }}
          noValidate
        >
          <div className="field">
            <label htmlFor="verify-new-email">New email address</label>
            <input
              id="verify-new-email"
              type="email"
              autoComplete="email"
              value={newEmail}
              onChange={(e) => setNewEmail(e.target.value)}
              aria-invalid={emailError ? 'true' : undefined}
              aria-describedby={emailError ? 'verify-new-email-error' : undefined}
            />
            {emailError && (
              <p id="verify-new-email-error" className="field-error">
                {emailError}
              </p>
            )}
          </div>
          <Button type="submit">Send the code there</Button>
        </form>
      )}
    </div>
  );
}
