/** Small labelled inputs for the brand forms, showing the first server message of their field. */
import { useId, type ReactNode } from 'react';
import { FieldError, type FieldErrors } from '../../components/FieldError';

interface TextFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (v: string) => void;
  errors?: FieldErrors | null;
  type?: 'text' | 'url' | 'number' | 'email';
  multiline?: boolean;
  hint?: ReactNode;
  maxLength?: number;
  min?: number;
  max?: number;
  placeholder?: string;
  required?: boolean;
  autoComplete?: string;
}

/** A text, url or number input (or a textarea) with its label, hint and error. */
export function TextField({
  label,
  name,
  value,
  onChange,
  errors,
  type = 'text',
  multiline,
  hint,
  maxLength,
  min,
  max,
  placeholder,
  required,
  autoComplete,
}: TextFieldProps) {
  const id = useId();
  const error = errors?.[name]?.[0];
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name,
    value,
    placeholder,
    required,
    maxLength,
    className: 'cp-input',
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  } as const;
  return (
    <div className="cp-field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea {...common} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} type={type} min={min} max={max} autoComplete={autoComplete} onChange={(e) => onChange(e.target.value)} />
      )}
      {hint ? (
        <p className="cp-muted cp-small cp-m-0" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <FieldError errors={errors} field={name} id={`${id}-error`} />
    </div>
  );
}
