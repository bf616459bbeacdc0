import { useState } from 'react';
import { api, ApiError } from '../../lib/api';
import { signIn } from '../../lib/session';
import '../../styles/forms.css';
import { Button } from '../../components/Button';

interface Props {
  token: string;
  email: string | null;
  invalid: string | null;
}

const first = (errors: Record<string, string[]> | null, f: string) => errors?.[f]?.[0] ?? null;

/** The guest hosting sign-up form: name and password; the email and feed come from the invitation. */
export default function HostedSignUp({ token, email, invalid }: Props) {
  const [firstName, setFirst] = useState('');
  const [lastName, setLast] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]> | null>(null);
  const [message, setMessage] = useState<string | null>(invalid);
  const [busy, setBusy] = useState(false);
  if (!email)
    return (
      <p className="alert alert-error" role="alert">
        {invalid}
      </p>
    );
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors(null);
    setMessage(null);
    try {
      await api('/api/register/hosted', { method: 'POST', guest: true, body: { token, first_name: firstName, last_name: lastName, password } });
      await signIn(email, password);
      window.location.assign('/hosting/dashboard');
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) {
        setErrors(err.errors);
        setMessage(err.message);
      } else setMessage(err instanceof Error ? err.message : 'Something went wrong. Please try again.');
      setBusy(false);
    }
  };
  return (
    <form className="form" onSubmit={submit} noValidate>
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
          {first(errors, 'first_name') && <p className="field-error">{first(errors, 'first_name')}</p>}
        </div>
        <div className="field">
          <label htmlFor="hs-last">Last name</label>
          <input id="hs-last" value={lastName} onChange={(e) => setLast(e.target.value)} autoComplete="family-name" />
          {first(errors, 'last_name') && <p className="field-error">{first(errors, 'last_name')}</p>}
        </div>
      </div>
      <div className="field">
        <label htmlFor="hs-password">Password</label>
        <input id="hs-password" type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="new-password" />
        {first(errors, 'password') && <p className="field-error">{first(errors, 'password')}</p>}
      </div>
      <Button type="submit" variant="primary" block disabled={busy}>
        {busy ? 'Creating your account…' : 'Create account'}
      </Button>
    </form>
  );
}
