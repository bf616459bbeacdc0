import { useId, useState } from 'react';
import { FieldError } from '../../components/FieldError';
import { api, ApiError, type FieldErrors } from '../../lib/api';
import { toast } from '../../lib/stores/toasts';

interface Props {
  userId: number;
  firstName: string;
  lastName: string;
}

/** The account's name (PUT /api/users/{id}). */
export default function AccountName({ userId, firstName, lastName }: Props) {
  const [first, setFirst] = useState(firstName);
  const [last, setLast] = useState(lastName);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const id = useId();

  const save = async () => {
    setSaving(true);
    setErrors({});
    try {
      await api(`/api/users/${userId}`, { method: 'PUT', body: { first_name: first, last_name: last } });
      toast.success('Your name was saved.');
    } catch (e) {
      if (e instanceof ApiError) setErrors(e.errors);
      toast.error(e instanceof ApiError ? e.message : 'Your name could not be saved.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
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
            aria-invalid={errors.first_name ? true : undefined}
            aria-describedby={errors.first_name ? `${id}-first-error` : undefined}
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
            aria-invalid={errors.last_name ? true : undefined}
            aria-describedby={errors.last_name ? `${id}-last-error` : undefined}
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
