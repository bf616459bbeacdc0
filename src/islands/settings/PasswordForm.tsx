import { useId, useState } from 'react';
import { FieldError } from '../../components/FieldError';
import { api } from '../../lib/api';
import { toast } from '../../lib/stores/toasts';
import { messagesAsField, useForm } from '../shared/use-form';

interface Field {
  name: 'current_password' | 'password' | 'password_confirmation';
  label: string;
  autoComplete: string;
  hint?: string;
}

const FIELDS: Field[] = [
  { name: 'current_password', label: 'Current password', autoComplete: 'current-password' },
  { name: 'password', label: 'New password', autoComplete: 'new-password', hint: 'At least 8 characters.' },
  { name: 'password_confirmation', label: 'Repeat the new password', autoComplete: 'new-password' },
];

/** Changing the password (PUT /api/user/password); every other session is signed out. */
export default function PasswordForm({ onChanged }: { onChanged?: () => void }) {
  const [values, setValues] = useState({ current_password: '', password: '', password_confirmation: '' });
  const form = useForm();
  const { errors, pending: saving } = form;
  const id = useId();

  const save = () =>
    form.run(
      async () => {
        const res = await api<{ data: { signed_out: number } }>('/api/user/password', { method: 'PUT', body: values });
        setValues({ current_password: '', password: '', password_confirmation: '' });
        const n = res.data.signed_out;
        toast.success(n ? `Password changed. ${n} other ${n === 1 ? 'session was' : 'sessions were'} signed out.` : 'Password changed.');
        onChanged?.();
        window.dispatchEvent(new CustomEvent('cuepoint:sessions-changed'));
      },
      { report: (f) => form.fail(messagesAsField(f, 'form', 'Your password could not be changed. Please try again.')) },
    );

  return (
    <form
      ref={form.formRef}
      className="settings-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      {FIELDS.map((f) => (
        <div className="cp-field" key={f.name}>
          <label htmlFor={`${id}-${f.name}`}>{f.label}</label>
          <input
            id={`${id}-${f.name}`}
            className="cp-input"
            type="password"
            autoComplete={f.autoComplete}
            value={values[f.name]}
            onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
            aria-invalid={errors[f.name] ? true : undefined}
            aria-describedby={f.hint ? `${id}-${f.name}-hint` : undefined}
          />
          {f.hint ? (
            <p id={`${id}-${f.name}-hint`} className="settings-note">
              {f.hint}
            </p>
          ) : null}
          <FieldError errors={errors} field={f.name} />
        </div>
      ))}
      <FieldError errors={errors} field="form" />
      <div className="settings-actions">
        <button type="submit" className="cp-button cp-button--primary" disabled={saving}>
          {saving ? 'Changing…' : 'Change password'}
        </button>
      </div>
    </form>
  );
}
