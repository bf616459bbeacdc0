import type { SubmitEvent } from 'react';
import { api } from '../../lib/api';
import { firstError, type FieldErrors } from '../../lib/rules/field-errors';
import { Button } from '../../components/Button';
import { messageBesideFields, useForm } from '../shared/use-form';

interface Props {
  token: string;
  email: string;
  /** Where the form posts when submitted before hydration (this page). */
  action: string;
  /** The server's answer to a form posted before hydration. */
  errors?: FieldErrors;
  message?: string | null;
}

/** Sets a new password with the mailed token; a real form before hydration, the API once hydrated. */
export default function ResetPasswordForm({ token, email, action, errors: initialErrors = {}, message: initialMessage = null }: Props) {
  const request = useForm({ initialErrors, initialMessage });
  const { errors, message, pending: busy } = request;

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    await request.run(
      async () => {
        await api('/api/password/reset', {
          method: 'POST',
          guest: true,
          body: { token, email: form.get('email'), password: form.get('password'), password_confirmation: form.get('password_confirmation') },
        });
        window.location.assign('/login?reset=1');
      },
      { keepPending: true, report: (f) => request.setMessage(messageBesideFields(f, 'We could not reach Cuepoint. Check your connection and try again.')) },
    );
  }

  const err = (key: string) =>
    firstError(errors, key) && (
      <p id={`reset-${key}-error`} className="field-error">
        {firstError(errors, key)}
      </p>
    );
  return (
    <form ref={request.formRef} className="form" method="post" action={action} onSubmit={submit} noValidate>
      {message && (
        <p className="alert alert-error" role="alert">
          {message}
        </p>
      )}
      <div className="field">
        <label htmlFor="reset-email">Email</label>
        <input
          id="reset-email"
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={email}
          aria-invalid={firstError(errors, 'email') ? 'true' : undefined}
          aria-describedby={firstError(errors, 'email') ? 'reset-email-error' : undefined}
        />
        {err('email')}
      </div>
      <div className="field">
        <label htmlFor="reset-password">New password</label>
        <input
          id="reset-password"
          name="password"
          type="password"
          autoComplete="new-password"
          aria-invalid={firstError(errors, 'password') ? 'true' : undefined}
          aria-describedby={firstError(errors, 'password') ? 'reset-password-error' : undefined}
        />
        {err('password')}
      </div>
      <div className="field">
        <label htmlFor="reset-confirmation">Confirm new password</label>
        <input id="reset-confirmation" name="password_confirmation" type="password" autoComplete="new-password" />
      </div>
      <Button variant="primary" block type="submit" disabled={busy}>
        {busy ? 'Saving…' : 'Reset password'}
      </Button>
    </form>
  );
}
