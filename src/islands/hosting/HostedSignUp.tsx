import { useState } from 'react';
import { api } from '../../lib/api';
import { signIn } from '../../lib/session';
import '../../styles/forms.css';
import { Button } from '../../components/Button';
import { useForm } from '../shared/use-form';

interface Props {
  token: string;
  email: string | null;
  invalid: string | null;
}

/** The guest hosting sign-up form: name and password; the email and feed come from the invitation. */
export default function HostedSignUp({ token, email, invalid }: Props) {
  const [firstName, setFirst] = useState('');
  const [lastName, setLast] = useState('');
  const [password, setPassword] = useState('');
  const form = useForm({ initialMessage: invalid, fallback: 'Something went wrong. Please try again.' });
  const { message, pending: busy } = form;
  const first = form.error;
  if (!email)
    return (
      <p className="alert alert-error" role="alert">
        {invalid}
      </p>
    );
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    await form.run(
      async () => {
        await api('/api/register/hosted', { method: 'POST', guest: true, body: { token, first_name: firstName, last_name: lastName, password } });
        await signIn(email, password);
        window.location.assign('/hosting/dashboard');
      },
      { keepPending: true },
    );
  };
  return (
    <form ref={form.formRef} className="form" onSubmit={submit} noValidate>
      {message && (
        <p className="alert alert-error" role="alert">
          {message}
        </p>
      )}
      <div className="field">
        <label htmlFor="hs-email">Email</label>
        <input id="hs-email" value={email} readOnly />
      </div>
      <div className="row-2">
        <div className="field">
          <label htmlFor="hs-first">First name</label>
          <input id="hs-first" value={firstName} onChange={(e) => setFirst(e.target.value)} autoComplete="given-name" />
          {first('first_name') && <p className="field-error">{first('first_name')}</p>}
        </div>
        <div className="field">
          <label htmlFor="hs-last">Last name</label>
          <input id="hs-last" value={lastName} onChange={(e) => setLast(e.target.value)} autoComplete="family-name" />
          {first('last_name') && <p className="field-error">{first('last_name')}</p>}
        </div>
      </div>
      <div className="field">
        <label htmlFor="hs-password">Password</label>
        <input id="hs-password" type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="new-password" />
        {first('password') && <p className="field-error">{first('password')}</p>}
      </div>
      <Button type="submit" variant="primary" block disabled={busy}>
        {busy ? 'Creating your account…' : 'Create account'}
      </Button>
    </form>
  );
}
