import { firstError, type FieldMessages } from '../lib/rules/field-errors';
import '../styles/kit.css';

export type { FieldErrors, FieldMessages } from '../lib/rules/field-errors';

export interface FieldErrorProps {
  /** The `errors` object of a 422 answer. */
  errors?: FieldMessages | null;
  /** The field name whose first message is shown. */
  field: string;
  /** Id to point the input's aria-describedby at. */
  id?: string;
}

/** Shows the first server message for a field, under it; renders nothing when there is none. */
export function FieldError({ errors, field, id }: FieldErrorProps) {
  const message = firstError(errors, field);
  if (!message) return null;
  return (
    <p className="cp-field-error" id={id} role="alert">
      {message}
    </p>
  );
}

export default FieldError;
