import { useEffect, useId, useState } from 'react';
import { Button } from '../../components/Button';
import { safeRedirect } from '../../lib/safe-redirect';
import { enrolPasskeyInBrowser } from './PasskeyList';
import { RecoveryCodesView } from './RecoveryCodesView';
import { TotpSetup } from './TotpSetup';
import { passkeysSupported, suggestedPasskeyName } from './webauthn';
import '../../styles/two-factor.css';

type Step = { kind: 'choose' } | { kind: 'totp' } | { kind: 'codes'; codes: string[] };

/**
 * Turning on two-factor authentication when it is required (admins, at their first sign-in): an
 * authenticator app (QR code and key, then the first code) or a passkey, then the recovery codes, then on
 * to where they were going.
 */
export default function TwoFactorEnrolment({ redirect }: { redirect: string | null }) {
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [passkeys, setPasskeys] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  useEffect(() => setPasskeys(passkeysSupported()), []);
  const go = () => window.location.assign(safeRedirect(redirect));
  const enrolled = (codes: string[] | null) => (codes ? setStep({ kind: 'codes', codes }) : go());

  const addPasskey = async () => {
    setBusy(true);
    setError(null);
    try {
      const res = await enrolPasskeyInBrowser(suggestedPasskeyName());
      enrolled(res.recovery_codes);
    } catch (e) {
      setBusy(false);
      setError(e instanceof Error ? e.message : 'The passkey could not be added. Try again.');
    }
  };

  if (step.kind === 'codes') return <RecoveryCodesView codes={step.codes} onDone={go} doneLabel="I have saved them: continue" />;
  if (step.kind === 'totp') return <TotpSetup onDone={enrolled} onCancel={() => setStep({ kind: 'choose' })} />;
  return (
    <div className="cp-stack cp-gap-md">
      {error ? (
        <p id={`${id}-error`} className="alert alert-error" role="alert">
          {error}
        </p>
      ) : null}
      <Button variant="primary" block onClick={() => setStep({ kind: 'totp' })}>
        Use an authenticator app
      </Button>
      {passkeys ? (
        <Button block onClick={() => void addPasskey()} disabled={busy} aria-describedby={error ? `${id}-error` : undefined}>
          {busy ? 'Waiting for your device…' : 'Use a passkey on this device'}
        </Button>
      ) : null}
      <p className="field-hint">You can add more ways (another passkey, an app) later under Settings → Sign-in method.</p>
    </div>
  );
}
