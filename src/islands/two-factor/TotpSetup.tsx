import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { Button } from '../../components/Button';
import { api, ApiError } from '../../lib/api';

interface SetupData {
  secret: string;
  otpauth_url: string;
  qr_code: string;
}

const groups = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Setting up an authenticator app, as GitHub and Stripe do it: scan the QR code (or type the key), then
 * enter the first code. Answers the recovery codes when this turned two-factor authentication on.
 */
export function TotpSetup({ onDone, onCancel }: { onDone: (recoveryCodes: string[] | null) => void; onCancel?: () => void }) {
  const [data, setData] = useState<SetupData | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  useEffect(() => {
    let live = true;
    api<SetupData>('/api/user/two-factor/totp', { method: 'POST', body: {} })
      .then((d) => live && setData(d))
      .catch((e) => live && setLoadError(e instanceof ApiError ? e.message : 'The setup could not start. Reload the page and try again.'));
    return () => {
      live = false;
    };
  }, []);

  async function confirm(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').replace(/\s/g, '');
    if (!/^\d{6}$/.test(code)) {
      setError('Enter the 6-digit code your app shows.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const res = await api<{ recovery_codes: string[] | null }>('/api/user/two-factor/totp/confirm', { method: 'POST', body: { code } });
      onDone(res.recovery_codes);
    } catch (e) {
      setBusy(false);
      setError(e instanceof ApiError ? (e.field('code') ?? e.message) : 'The code could not be checked. Try again.');
    }
  }

  if (loadError)
    return (
      <p className="field-error" role="alert">
        {loadError}
      </p>
    );
  if (!data)
    return (
      <p className="settings-note" role="status">
        <span className="spinner" aria-hidden="true" /> Preparing your setup…
      </p>
    );
  return (
    <ol className="tf-steps">
      <li>
        <h3>Scan the QR code</h3>
        <p>Use an authenticator app such as 1Password, Google Authenticator, Microsoft Authenticator or Authy.</p>
        <div className="tf-qr">
          <img src={data.qr_code} alt="QR code to add Cuepoint to your authenticator app" width={176} height={176} />
          <div className="tf-secret">
            <span className="settings-note">Can’t scan it? Enter this setup key in your app:</span>
            <code>{groups(data.secret)}</code>
          </div>
        </div>
      </li>
      <li>
        <h3>Enter the code from the app</h3>
        <p>The app now shows a 6-digit code for Cuepoint that changes every 30 seconds.</p>
        <form className="tf-code-row" onSubmit={confirm} noValidate>
          <div className="cp-field">
            <label htmlFor={`${id}-code`}>Verification code</label>
            <input
              id={`${id}-code`}
              name="code"
              className="cp-input"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
          </div>
          <Button variant="primary" type="submit" disabled={busy}>
            {busy ? 'Checking…' : 'Verify and turn on'}
          </Button>
          {onCancel ? <Button onClick={onCancel}>Cancel</Button> : null}
        </form>
        {error ? (
          <p id={`${id}-error`} className="field-error" role="alert">
            {error}
          </p>
        ) : null}
      </li>
    </ol>
  );
}
