import type { SubmitEvent } from 'react';
import { api } from '../../lib/api';
import { signIn } from '../../lib/session';
import { firstError, type FieldErrors } from '../../lib/rules/field-errors';
import { Button } from '../../components/Button';
import { messageBesideFields, useForm } from '../shared/use-form';

interface Props {
  initialType: 'BRAND' | 'PODCASTER';
  /** Where the form posts when submitted before hydration (this page). */
  action: string;
  /** The server's answer to a form posted before hydration: what was typed and what was wrong. */
  values?: Record<string, string>;
  errors?: FieldErrors;
  message?: string | null;
}

const OFFLINE = 'We could not reach Cuepoint. Check your connection and try again.';

type Field = 'first_name' | 'last_name' | 'email' | 'password' | 'company_name';

/**
 * Sign-up for a brand or a podcaster; on success the user is signed in and asked for the emailed code.
 * A real form (POST to this page) before hydration or without JavaScript; once hydrated it calls
 * POST /register and shows the server's field errors in place. Values are read from the form itself,
 * so nothing typed before hydration is lost.
 */
export default function SignUpForm({ initialType, action, values = {}, errors: initialErrors = {}, message: initialMessage = null }: Props) {
  const request = useForm({ initialErrors, initialMessage });
  const { errors, message, pending: busy } = request;
  const type = values.type === 'PODCASTER' || values.type === 'BRAND' ? values.type : initialType;

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = Object.fromEntries(new FormData(event.currentTarget)) as Record<Field | 'type', string>;
    await request.run(
      async () => {
        await api('/register', {
          method: 'POST',
          guest: true,
          body: { ...form, company_name: form.type === 'BRAND' ? form.company_name : undefined },
        });
        await signIn(form.email.trim(), form.password);
        window.location.assign('/verify/email');
      },
      { keepPending: true, report: (f) => request.setMessage(messageBesideFields(f, OFFLINE)) },
    );
  }

  const field = (key: Field, label: string, props: Record<string, unknown> = {}, className = 'field') => {
    const error = firstError(errors, key);
    return (
      <div className={className}>
        <label htmlFor={`signup-${key}`}>{label}</label>
        <input
          id={`signup-${key}`}
          name={key}
          defaultValue={key === 'password' ? undefined : values[key]}
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
    <form ref={request.formRef} className="form" method="post" action={action} onSubmit={submit} noValidate>
      {message && (
        <p className="alert alert-error" role="alert">
          {message}
        </p>
      )}
      <fieldset className="role-choice">
        <legend>I am signing up as</legend>
        <label className="role-option">
          <input type="radio" name="type" value="BRAND" defaultChecked={type === 'BRAND'} />
          <strong>A brand</strong>
          <span>Run campaigns and hire podcasters</span>
        </label>
        <label className="role-option">
          <input type="radio" name="type" value="PODCASTER" defaultChecked={type === 'PODCASTER'} />
          <strong>A podcaster</strong>
          <span>Find sponsors and host your show</span>
        </label>
      </fieldset>
      {firstError(errors, 'type') && <p className="field-error">{firstError(errors, 'type')}</p>}
      <div className="row-2">
        {field('first_name', 'First name', { autoComplete: 'given-name', required: true })}
        {field('last_name', 'Last name', { autoComplete: 'family-name', required: true })}
      </div>
      {field('company_name', 'Company name', { autoComplete: 'organization' }, 'field brand-only')}
      {field('email', 'Work email', { type: 'email', autoComplete: 'email', required: true })}
      {field('password', 'Password', { type: 'password', autoComplete: 'new-password', required: true, minLength: 8 })}
      {!firstError(errors, 'password') && <p className="field-hint field-hint--tight">At least 8 characters.</p>}
      <Button variant="primary" block type="submit" disabled={busy}>
        {busy && <span className="spinner" aria-hidden="true" />}
        {busy ? 'Creating your account…' : 'Create account'}
      </Button>
    </form>
  );
}
