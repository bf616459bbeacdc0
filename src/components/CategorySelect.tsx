import { useId } from 'react';
import { firstError, type FieldMessages } from '../lib/rules/field-errors';
import { FieldError } from './FieldError';
import '../styles/kit.css';

export interface Category {
  id: number;
  title: string;
}

export interface CategorySelectProps {
  label: string;
  /** Field name (e.g. 'category_id'): the key of `errors` and the select's name. */
  name: string;
  /** The categories of /api/initialize. */
  categories: readonly Category[];
  value: number | null;
  onChange: (id: number | null) => void;
  placeholder?: string;
  errors?: FieldMessages | null;
  hint?: string;
  id?: string;
  disabled?: boolean;
  required?: boolean;
}

/** A labelled native select of categories (keyboard and screen-reader friendly by nature). */
export function CategorySelect({
  label,
  name,
  categories,
  value,
  onChange,
  placeholder = 'Select a category',
  errors,
  hint,
  id,
  disabled,
  required,
}: CategorySelectProps) {
  const autoId = useId();
  const selectId = id ?? `${autoId}-category`;
  const errorId = `${selectId}-error`;
  const hintId = `${selectId}-hint`;
  const error = firstError(errors, name);
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="cp-field">
      <label htmlFor={selectId}>{label}</label>
      <select
        id={selectId}
        name={name}
        className="cp-select"
        value={value === null ? '' : String(value)}
        onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
        disabled={disabled}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      >
        <option value="">{placeholder}</option>
        {categories.map((c) => (
          <option key={c.id} value={String(c.id)}>
            {c.title}
          </option>
        ))}
      </select>
      {hint ? (
        <span className="cp-field__hint" id={hintId}>
          {hint}
        </span>
      ) : null}
      <FieldError errors={errors} field={name} id={errorId} />
    </div>
  );
}

export default CategorySelect;
