import { useId, useState } from 'react';
import { FieldError } from '../../components/FieldError';
import { api } from '../../lib/api';
import { toast } from '../../lib/stores/toasts';
import { useForm } from '../shared/use-form';

interface Props {
  userId: number;
  firstName: string;
  lastName: string;
}

/** The account's name (PUT /api/users/{id}). */
export default function AccountName({ userId, firstName, lastName }: Props) {
  const [first, setFirst] = useState(firstName);
  const [last, setLast] = useState(lastName);
  const form = useForm();
  const { errors, pending: saving } = form;
  const id = useId();

  const save = () =>
    form.run(
      async () => {
        await api(`/api/users/${userId}`, { method: 'PUT', body: { first_name: first, last_name: last } });
        toast.success('Your name was saved.');
      },
      { report: (f) => toast.error(f.status !== null ? f.message : 'Your name could not be saved.') },
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
      <div className="settings-form__row">
        <div className="cp-field">
          <label htmlFor={`${id}-first`}>First name</label>
          <input
            id={`${id}-first`}
            className="cp-input"
            autoComplete="given-name"
            value={first}
            maxLength={100}
            onChange={(e) => setFirst(e.target.value)}
            {...form.aria('first_name', `${id}-first-error`)}
          />
          <FieldError errors={errors} field="first_name" id={`${id}-first-error`} />
        </div>
        <div className="cp-field">
          <label htmlFor={`${id}-last`}>Last name</label>
          <input
            id={`${id}-last`}
            className="cp-input"
            autoComplete="family-name"
            value={last}
            maxLength={100}
            onChange={(e) => setLast(e.target.value)}
            {...form.aria('last_name', `${id}-last-error`)}
          />
          <FieldError errors={errors} field="last_name" id={`${id}-last-error`} />
        </div>
      </div>
      <div className="settings-actions">
        <button type="submit" className="cp-button cp-button--primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save name'}
        </button>
      </div>
    </form>
  );
}
