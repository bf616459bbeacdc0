import { useId, useState, type SubmitEvent } from 'react';
import { Button } from '../../components/Button';
import { passkeysSupported } from './webauthn';
import '../../styles/two-factor.css';
import { useAfterHydration } from '../../lib/stores/hydrated';

export type FactorMethod = 'totp' | 'webauthn' | 'recovery_code' | 'password';
export interface Proof {
  otp?: string;
  recovery_code?: string;
  password?: string;
}

interface Props {
  methods: FactorMethod[];
  /** Sends a code or password; throws an Error whose message is shown. */
  onProof: (proof: Proof) => Promise<void>;
  /** Runs the passkey ceremony; throws an Error whose message is shown. */
  onPasskey?: () => Promise<void>;
  submitLabel: string;
  /** Without JavaScript the form posts here, with these hidden fields. */
  action?: string;
  hidden?: Record<string, string>;
  error?: string | null;
}

type Mode = 'totp' | 'recovery_code' | 'password' | 'webauthn';

const FIELD: Record<Exclude<Mode, 'webauthn'>, { name: keyof Proof; label: string; hint: string; autoComplete: string }> = {
  totp: {
    name: 'otp',
    label: 'Authentication code',
    hint: 'Open your authenticator app and enter the 6-digit code for Cuepoint.',
    autoComplete: 'one-time-code',
  },
  recovery_code: {
    name: 'recovery_code',
    label: 'Recovery code',
    hint: 'One of the codes you saved when you turned on two-factor authentication. Each works once.',
    autoComplete: 'off',
  },
  password: { name: 'password', label: 'Password', hint: 'The password you sign in with.', autoComplete: 'current-password' },
};

/**
 * The second factor asked for at sign-in and at a step-up: a code from the authenticator app, a
 * passkey, a recovery code (or, for accounts without a second factor, the password). A real form, so
 * the sign-in's second step also works before hydration.
 */
export function SecondFactorForm({ methods, onProof, onPasskey, submitLabel, action, hidden = {}, error: initialError = null }: Props) {
  const canPasskey = methods.includes('webauthn') && !!onPasskey;
  const first: Mode = methods.includes('password') ? 'password' : methods.includes('totp') ? 'totp' : canPasskey ? 'webauthn' : 'recovery_code';
  const [mode, setMode] = useState<Mode>(first);
  const [error, setError] = useState<string | null>(initialError);
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function run(task: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await task();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Something went wrong. Please try again.');
      setBusy(false);
    }
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || mode === 'webauthn') return;
    const field = FIELD[mode];
    const value = String(new FormData(event.currentTarget).get(field.name) ?? '').trim();
    if (!value) {
      setError(`Enter your ${field.label.toLowerCase()}.`);
      return;
    }
    await run(() => onProof({ [field.name]: value }));
  }

  const hydrated = useAfterHydration();
  const field = mode === 'webauthn' ? null : FIELD[mode];
  const others: { mode: Mode; label: string }[] = [];
  if (mode !== 'totp' && methods.includes('totp')) others.push({ mode: 'totp', label: 'Use your authenticator app' });
  // Only the browser knows whether it can use a passkey: the server and the first render offer it.
  if (mode !== 'webauthn' && canPasskey && (!hydrated || passkeysSupported())) others.push({ mode: 'webauthn', label: 'Use a passkey' });
  if (mode !== 'recovery_code' && methods.includes('recovery_code')) others.push({ mode: 'recovery_code', label: 'Use a recovery code' });

  return (
    <form className="form second-factor" method="post" action={action} onSubmit={submit} noValidate aria-describedby={error ? `${id}-error` : undefined}>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {error && (
        <p id={`${id}-error`} className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      {field ? (
        <div className="field">
          <label htmlFor={`${id}-${field.name}`}>{field.label}</label>
          <input
            key={field.name}
            id={`${id}-${field.name}`}
            name={field.name}
            type={mode === 'password' ? 'password' : 'text'}
            inputMode={mode === 'totp' ? 'numeric' : undefined}
            autoComplete={field.autoComplete}
            autoCapitalize="off"
            spellCheck={false}
            maxLength={mode === 'totp' ? 9 : 200}
            aria-describedby={`${id}-${field.name}-hint`}
            required
            // biome-ignore lint/a11y/noAutofocus: the one field of this step, shown right after the person asked for it
            autoFocus
          />
          <p id={`${id}-${field.name}-hint`} className="field-hint">
            {field.hint}
          </p>
        </div>
      ) : (
        <p className="field-hint">Use the passkey saved on this device or your phone: your browser asks for your fingerprint, face or screen lock.</p>
      )}
      {field ? (
        <Button variant="primary" block type="submit" disabled={busy}>
          {busy && <span className="spinner" aria-hidden="true" />}
          {busy ? 'Checking…' : submitLabel}
        </Button>
      ) : (
        <Button variant="primary" block type="button" disabled={busy} onClick={() => void run(() => onPasskey!())}>
          {busy && <span className="spinner" aria-hidden="true" />}
          {busy ? 'Waiting for your passkey…' : 'Use a passkey'}
        </Button>
      )}
      {others.length > 0 && (
        <ul className="second-factor__others">
          {others.map((o) => (
            <li key={o.mode}>
              <Button
                variant="link"
                onClick={() => {
                  setError(null);
                  setMode(o.mode);
                }}
              >
                {o.label}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}
