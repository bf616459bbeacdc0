import { useId, useState } from 'react';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Dialog } from '../../components/Dialog';
import { api, ApiError } from '../../lib/api';
import { formatDate } from '../../lib/format/dates';
import { useAfterHydration } from '../../lib/stores/hydrated';
import { toast } from '../../lib/stores/toasts';
import { createPasskey, passkeysSupported, suggestedPasskeyName } from './webauthn';

export interface Passkey {
  id: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
  synced: boolean;
}

type Naming = { mode: 'add' } | { mode: 'rename'; passkey: Passkey };

/** Registers a new passkey (WebAuthn) under a name; answers it and the recovery codes when this turned two-factor on. */
export async function enrolPasskeyInBrowser(name: string): Promise<{ data: Passkey; recovery_codes: string[] | null }> {
  const { challenge_token, options } = await api<{ challenge_token: string; options: Parameters<typeof createPasskey>[0] }>(
    '/api/user/two-factor/passkeys/options',
    {
      method: 'POST',
      body: {},
    },
  );
  const credential = await createPasskey(options);
  return api('/api/user/two-factor/passkeys', { method: 'POST', body: { challenge_token, credential, name } });
}

/** The passkeys of the account: add (named), rename, remove. */
export function PasskeyList({ passkeys, onChange, onCodes }: { passkeys: Passkey[]; onChange: () => void; onCodes: (codes: string[]) => void }) {
  const [naming, setNaming] = useState<Naming | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const hydrated = useAfterHydration();
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const id = useId();

  const openNaming = (n: Naming) => {
    setNaming(n);
    setName(n.mode === 'rename' ? n.passkey.name : suggestedPasskeyName());
    setError(null);
  };

  const save = async () => {
    if (!naming) return;
    if (!name.trim()) return setError('Give the passkey a name.');
    setBusy(true);
    setError(null);
    try {
      if (naming.mode === 'add') {
        const res = await enrolPasskeyInBrowser(name.trim());
        toast.success(`Passkey “${res.data.name}” added.`);
        if (res.recovery_codes) onCodes(res.recovery_codes);
      } else {
        await api(`/api/user/two-factor/passkeys/${naming.passkey.id}`, { method: 'PATCH', body: { name: name.trim() } });
        toast.success('Passkey renamed.');
      }
      setNaming(null);
      onChange();
    } catch (e) {
      setError(e instanceof ApiError ? (Object.values(e.errors)[0]?.[0] ?? e.message) : e instanceof Error ? e.message : 'That did not work. Try again.');
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!removing) return;
    try {
      await api(`/api/user/two-factor/passkeys/${removing.id}`, { method: 'DELETE' });
      toast.success(`Passkey “${removing.name}” removed.`);
      onChange();
    } catch (e) {
      toast.error(e instanceof ApiError ? (Object.values(e.errors)[0]?.[0] ?? e.message) : 'The passkey could not be removed.');
    }
    setRemoving(null);
  };

  return (
    <>
      {passkeys.length > 0 ? (
        <ul className="tf-list" aria-label="Your passkeys">
          {passkeys.map((p) => (
            <li key={p.id}>
              <span className="tf-row__main">
                <strong>{p.name}</strong>
                <span>
                  Added {formatDate(p.created_at)} · {p.last_used_at ? `last used ${formatDate(p.last_used_at)}` : 'not used yet'}
                  {p.synced ? ' · synced' : ''}
                </span>
              </span>
              <span className="tf-row__actions">
                <Button variant="link" onClick={() => openNaming({ mode: 'rename', passkey: p })} aria-label={`Rename ${p.name}`}>
                  Rename
                </Button>
                <Button variant="danger-link" onClick={() => setRemoving(p)} aria-label={`Remove ${p.name}`}>
                  Remove
                </Button>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {/* Only the browser knows whether it can make passkeys: the server and the first render offer the button. */}
      {!hydrated || passkeysSupported() ? (
        <div>
          <Button onClick={() => openNaming({ mode: 'add' })}>Add a passkey</Button>
        </div>
      ) : (
        <p className="settings-note">This browser cannot create passkeys. Open Cuepoint in a current browser on your phone or computer to add one.</p>
      )}
      <Dialog
        open={naming !== null}
        onClose={() => !busy && setNaming(null)}
        title={naming?.mode === 'rename' ? 'Rename passkey' : 'Add a passkey'}
        width={480}
        footer={
          <>
            <Button onClick={() => setNaming(null)} disabled={busy}>
              Cancel
            </Button>
            <Button variant="primary" onClick={() => void save()} disabled={busy}>
              {busy ? (naming?.mode === 'add' ? 'Waiting for your device…' : 'Saving…') : naming?.mode === 'add' ? 'Create passkey' : 'Save'}
            </Button>
          </>
        }
      >
        <form
          className="cp-stack cp-gap-md"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          {naming?.mode === 'add' ? (
            <p className="settings-note cp-m-0">
              Your browser asks for your fingerprint, face, screen lock or security key. The name helps you tell your passkeys apart.
            </p>
          ) : null}
          <div className="cp-field">
            <label htmlFor={`${id}-name`}>Name</label>
            <input
              id={`${id}-name`}
              className="cp-input"
              value={name}
              maxLength={60}
              onChange={(e) => setName(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
          </div>
          {error ? (
            <p id={`${id}-error`} className="field-error" role="alert">
              {error}
            </p>
          ) : null}
        </form>
      </Dialog>
      <ConfirmDialog
        open={removing !== null}
        title="Remove this passkey?"
        confirmLabel="Remove passkey"
        danger
        onConfirm={remove}
        onCancel={() => setRemoving(null)}
      >
        <p>“{removing?.name}” will no longer sign you in. We will email you that it was removed.</p>
      </ConfirmDialog>
    </>
  );
}
