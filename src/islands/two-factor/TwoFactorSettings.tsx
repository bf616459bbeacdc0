import { useCallback, useState } from 'react';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Dialog } from '../../components/Dialog';
import { api, ApiError } from '../../lib/api';
import { formatDate } from '../../lib/format/dates';
import { toast } from '../../lib/stores/toasts';
import { PasskeyList, type Passkey } from './PasskeyList';
import { RecoveryCodesView } from './RecoveryCodesView';
import { TotpSetup } from './TotpSetup';
import '../../styles/two-factor.css';

export interface TwoFactorState {
  enabled: boolean;
  required: boolean;
  totp: { enabled: boolean; confirmed_at: string | null };
  passkeys: Passkey[];
  recovery_codes: { remaining: number; total: number };
}

const errorText = (e: unknown, fallback: string) => (e instanceof ApiError ? (Object.values(e.errors)[0]?.[0] ?? e.message) : fallback);

/**
 * Two-factor authentication on /settings/signin-method: the authenticator app (set up with its QR code,
 * removed), passkeys (added, renamed, removed), recovery codes (shown once, generated again) and turning
 * it all off. Changes ask for a recent proof of identity (the step-up dialog opens by itself).
 */
export default function TwoFactorSettings({ initial }: { initial: TwoFactorState }) {
  const [state, setState] = useState(initial);
  const [settingUp, setSettingUp] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [confirm, setConfirm] = useState<'totp' | 'codes' | 'off' | null>(null);

  const reload = useCallback(async () => {
    const res = await api<{ data: TwoFactorState }>('/api/user/two-factor');
    setState(res.data);
  }, []);
  const refresh = () => void reload().catch(() => undefined);

  const act = async (task: () => Promise<void>, fallback: string) => {
    try {
      await task();
    } catch (e) {
      toast.error(errorText(e, fallback));
    }
    setConfirm(null);
    refresh();
  };

  const removeTotp = () =>
    act(async () => {
      await api('/api/user/two-factor/totp', { method: 'DELETE' });
      toast.success('Authenticator app removed.');
    }, 'The authenticator app could not be removed.');
  const newCodes = () =>
    act(async () => {
      const res = await api<{ recovery_codes: string[] }>('/api/user/two-factor/recovery-codes', { method: 'POST', body: {} });
      setCodes(res.recovery_codes);
    }, 'New recovery codes could not be made.');
  const turnOff = () =>
    act(async () => {
      await api('/api/user/two-factor', { method: 'DELETE' });
      toast.success('Two-factor authentication is off.');
    }, 'Two-factor authentication could not be turned off.');

  return (
    <div className="cp-stack cp-gap-md">
      <p className="cp-m-0">
        <span className={state.enabled ? 'tf-status tf-status--on' : 'tf-status'}>{state.enabled ? 'On' : 'Off'}</span>{' '}
        {state.enabled
          ? 'After your password, we ask for a code from your authenticator app or a passkey.'
          : 'Add a second step after your password, so a stolen password alone cannot open your account.'}
      </p>
      {state.required ? <p className="tf-notice">Admins must keep two-factor authentication on: it guards every account they can act for.</p> : null}

      <div>
        <div className="tf-row">
          <span className="tf-row__main">
            <strong>Authenticator app</strong>
            <span>
              {state.totp.enabled
                ? `Set up ${formatDate(state.totp.confirmed_at)}`
                : 'Codes from an app on your phone, such as 1Password or Google Authenticator.'}
            </span>
          </span>
          <span className="tf-row__actions">
            {state.totp.enabled ? (
              <Button variant="danger-link" onClick={() => setConfirm('totp')}>
                Remove
              </Button>
            ) : (
              <Button variant={state.enabled ? 'default' : 'primary'} onClick={() => setSettingUp(true)}>
                Set up
              </Button>
            )}
          </span>
        </div>
        <div className="tf-row">
          <span className="tf-row__main">
            <strong>Passkeys</strong>
            <span>Sign in with your fingerprint, face or screen lock, with or without a password.</span>
          </span>
        </div>
        <PasskeyList passkeys={state.passkeys} onChange={refresh} onCodes={setCodes} />
        {state.enabled ? (
          <div className="tf-row">
            <span className="tf-row__main">
              <strong>Recovery codes</strong>
              <span>
                {state.recovery_codes.remaining} of {state.recovery_codes.total} left: each signs you in once if you lose your phone or passkeys.
              </span>
            </span>
            <span className="tf-row__actions">
              <Button onClick={() => setConfirm('codes')}>Generate new codes</Button>
            </span>
          </div>
        ) : null}
      </div>

      {state.enabled && !state.required ? (
        <div>
          <Button variant="danger" onClick={() => setConfirm('off')}>
            Turn off two-factor authentication
          </Button>
        </div>
      ) : null}

      <Dialog open={settingUp} onClose={() => setSettingUp(false)} title="Set up an authenticator app">
        {settingUp ? (
          <TotpSetup
            onCancel={() => setSettingUp(false)}
            onDone={(recovery) => {
              setSettingUp(false);
              toast.success('Authenticator app set up.');
              if (recovery) setCodes(recovery);
              refresh();
            }}
          />
        ) : null}
      </Dialog>
      <Dialog open={codes !== null} onClose={() => setCodes(null)} title="Your recovery codes" dismissible={false}>
        {codes ? <RecoveryCodesView codes={codes} onDone={() => setCodes(null)} /> : null}
      </Dialog>
      <ConfirmDialog
        open={confirm === 'totp'}
        title="Remove the authenticator app?"
        confirmLabel="Remove app"
        danger
        onConfirm={removeTotp}
        onCancel={() => setConfirm(null)}
      >
        <p>
          Codes from the app will no longer sign you in.{state.passkeys.length ? ' Your passkeys still do.' : ' Two-factor authentication turns off with it.'}
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm === 'codes'}
        title="Generate new recovery codes?"
        confirmLabel="Generate codes"
        onConfirm={newCodes}
        onCancel={() => setConfirm(null)}
      >
        <p>Your current recovery codes stop working at once. Save the new ones somewhere safe.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm === 'off'}
        title="Turn off two-factor authentication?"
        confirmLabel="Turn off"
        danger
        onConfirm={turnOff}
        onCancel={() => setConfirm(null)}
      >
        <p>
          Your authenticator app, passkeys and recovery codes are removed, and your password alone will sign you in. We will email you that it was turned off.
        </p>
      </ConfirmDialog>
    </div>
  );
}
