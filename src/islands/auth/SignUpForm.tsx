import { useState, type SubmitEvent } from 'react';
import { api, ApiError } from '../../lib/api';
import { signIn } from '../../lib/session';
import { firstError, type FieldErrors } from '../../lib/rules/field-errors';

interface Props {
  initialType: 'BRAND' | 'PODCASTER';
}

/** Sign-up for a brand or a podcaster; on success the user is signed in and asked for the emailed code. */
export default function SignUpForm({ initialType }: Props) {
  const [type, setType] = useState<'BRAND' | 'PODCASTER'>(initialType);
  const [form, setForm] = useState({ first_name: '', last_name: '', email: '', password: '', company_name: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value });

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setErrors({});
    setMessage(null);
    try {
      await api('/register', { method: 'POST', guest: true, body: { type, ...form, company_name: type === 'BRAND' ? form.company_name : undefined } });
      await signIn(form.email.trim(), form.password);
      window.location.assign('/verify/email');
    } catch (e) {
      setBusy(false);
      if (e instanceof ApiError) {
        setErrors(e.errors);
        if (!Object.keys(e.errors).length) setMessage(e.message);
      } else {
        setMessage('We could not reach Cuepoint. Check your connection and try again.');
      }
    }
  }

  const field = (key: keyof typeof form, label: string, props: Record<string, unknown> = {}) => {
    const error = firstError(errors, key);
    return (
      <div className="field">
        <label htmlFor={`signup-${key}`}>{label}</label>
        <input
          id={`signup-${key}`}
          value={form[key]}
          onChange={set(key)}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={error ? `signup-${key}-error` : undefined}
          {...props}
        />
        {error && (
          <p id={`signup-${key}-error`} className="field-error">
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      {message && (
        <p className="alert alert-error" role="alert">
          {message}
        </p>
      )}
      <fieldset className="role-choice">
        <legend>I am signing up as</legend>
        <label className="role-option">
          <input type="radio" name="type" value="BRAND" checked={type === 'BRAND'} onChange={() => setType('BRAND')} />
          <strong>A brand</strong>
          <span>Run campaigns and hire podcasters</span>
        </label>
        <label className="role-option">
          <input type="radio" name="type" value="PODCASTER" checked={type === 'PODCASTER'} onChange={() => setType('PODCASTER')} />
          <strong>A podcaster</strong>
          <span>Find sponsors and host your show</span>
        </label>
      </fieldset>
      {firstError(errors, 'type') && <p className="field-error">{firstError(errors, 'type')}</p>}
      <div className="row-2">
        {field('first_name', 'First name', { autoComplete: 'given-name', required: true })}
        {field('last_name', 'Last name', { autoComplete: 'family-name', required: true })}
      </div>
      {type === 'BRAND' && field('company_name', 'Company name', { autoComplete: 'organization' })}
      {field('email', 'Work email', { type: 'email', autoComplete: 'email', required: true })}
      {field('password', 'Password', { type: 'password', autoComplete: 'new-password', required: true, minLength: 8 })}
      {!firstError(errors, 'password') && (
        <p className="field-hint" style={{ marginTop: '-.5rem' }}>
          At least 8 characters.
        </p>
      )}
      <button className="btn btn-primary btn-block" type="submit" disabled={busy}>
        {busy && <span className="spinner" aria-hidden="true" />}
        {busy ? 'Creating your account…' : 'Create account'}
      </button>
    </form>
  );
}
