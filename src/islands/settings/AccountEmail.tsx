import { useId, useState } from 'react';
import { FieldError } from '../../components/FieldError';
import { api } from '../../lib/api';
import { toast } from '../../lib/stores/toasts';
import { messagesAsField, useForm } from '../shared/use-form';

interface Props {
  email: string;
  verified: boolean;
  /** An address waiting to be confirmed, from an earlier request. */
  pending: string | null;
}

/**
 * The account's email and changing it: the new address gets a 6-digit code (and a link); it becomes
 * the account's email once the code is entered here. Until then the current address keeps working.
 */
export default function AccountEmail({ email: initialEmail, verified, pending: initialPending }: Props) {
  const [email, setEmail] = useState(initialEmail);
  const [pending, setPending] = useState(initialPending);
  const [editing, setEditing] = useState(false);
  const [next, setNext] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const form = useForm();
  const { errors, pending: busy } = form;
  const id = useId();

  const run = (fn: () => Promise<void>) => form.run(fn, { report: (f) => form.fail(messagesAsField(f, 'form', 'Something went wrong. Please try again.')) });

  const request = () =>
    run(async () => {
      const res = await api<{ message: string; data: { pending_email: { email: string } | null } }>('/api/user/email', {
        method: 'POST',
        body: { email: next, current_password: password },
      });
      if (res.data.pending_email) setPending(res.data.pending_email.email);
      else window.location.assign('/verify/email');
      setEditing(false);
      setPassword('');
      toast.success(res.message);
    });

  const confirm = () =>
    run(async () => {
      await api('/api/users/email-verification', { method: 'PATCH', body: { code } });
      setEmail(pending ?? email);
      setPending(null);
      setCode('');
      toast.success('Your email address was changed.');
    });

  const cancel = () =>
    run(async () => {
      await api('/api/user/email', { method: 'DELETE' });
      setPending(null);
      toast.success('The email change was cancelled.');
    });

  return (
    <div>
      <p className="settings-value">
        <strong>{email}</strong>
        <span className={`settings-pill ${verified ? 'settings-pill--ok' : 'settings-pill--warn'}`}>{verified ? 'Verified' : 'Not verified'}</span>
      </p>
      {pending ? (
        <form
          className="settings-pending"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void confirm();
          }}
        >
          <p>
            We sent a 6-digit code to <strong>{pending}</strong>. Enter it to make it your email; until then you keep signing in with {email}.
          </p>
          <div className="cp-field">
            <label htmlFor={`${id}-code`}>Code from the email</label>
            <input
              id={`${id}-code`}
              className="cp-input code-input"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
              aria-invalid={errors.code ? true : undefined}
            />
            <FieldError errors={errors} field="code" />
          </div>
          <div className="settings-actions">
            <button type="submit" className="cp-button cp-button--primary" disabled={busy}>
              Confirm new email
            </button>
            <button type="button" className="cp-button" disabled={busy} onClick={() => void cancel()}>
              Cancel the change
            </button>
          </div>
        </form>
      ) : null}
      {editing ? (
        <form
          ref={form.formRef}
          className="settings-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void request();
          }}
        >
          <div className="cp-field">
            <label htmlFor={`${id}-email`}>New email address</label>
            <input
              id={`${id}-email`}
              className="cp-input"
              type="email"
              autoComplete="email"
              value={next}
              onChange={(e) => setNext(e.target.value)}
              aria-invalid={errors.email ? true : undefined}
            />
            <FieldError errors={errors} field="email" />
          </div>
          <div className="cp-field">
            <label htmlFor={`${id}-password`}>Current password</label>
            <input
              id={`${id}-password`}
              className="cp-input"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-invalid={errors.current_password ? true : undefined}
            />
            <FieldError errors={errors} field="current_password" />
          </div>
          <div className="settings-actions">
            <button type="submit" className="cp-button cp-button--primary" disabled={busy}>
              Send confirmation code
            </button>
            <button type="button" className="cp-button" onClick={() => setEditing(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="cp-button" onClick={() => setEditing(true)}>
          Change email
        </button>
      )}
      <FieldError errors={errors} field="form" />
    </div>
  );
}
