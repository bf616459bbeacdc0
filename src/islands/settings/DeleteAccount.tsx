import { useId, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { api, ApiError } from '../../lib/api';
import { logout } from '../../lib/session';

/** The word the confirmation dialog asks for. */
const WORD = 'DELETE';

/** Deleting the account: the kit's confirmation dialog with the typed word, plus the password. */
export default function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const remove = async () => {
    setError(null);
    try {
      await api('/api/user', { method: 'DELETE', body: { password, confirmation: WORD } });
      logout();
    } catch (e) {
      setError(e instanceof ApiError ? (e.field('password') ?? e.field('account') ?? e.message) : 'Your account could not be deleted. Please try again.');
    }
  };

  return (
    <>
      <button
        type="button"
        className="cp-button cp-button--danger"
        onClick={() => {
          setPassword('');
          setError(null);
          setOpen(true);
        }}
      >
        Delete my account
      </button>
      <ConfirmDialog
        open={open}
        title="Delete your account?"
        word={WORD}
        danger
        confirmLabel="Delete account"
        onConfirm={remove}
        onCancel={() => setOpen(false)}
      >
        <p>
          You are signed out everywhere, your running campaigns close and your name and email are removed. This cannot be undone. Download your data first if
          you want a copy.
        </p>
        <div className="cp-field">
          <label htmlFor={`${id}-password`}>Your password</label>
          <input
            id={`${id}-password`}
            className="cp-input"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
        </div>
        {error ? (
          <p id={`${id}-error`} className="cp-field-error" role="alert">
            {error}
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
