import { useEffect, useId, useRef, useState } from 'react';
import { moneyInputLimits, moneyInputText, parseMoneyInput } from '../lib/rules/money-input';
import type { FieldMessages } from '../lib/rules/field-errors';
import { firstError } from '../lib/rules/field-errors';
import { FieldError } from './FieldError';
import '../styles/kit.css';

export interface MoneyInputProps {
  label: string;
  /** Field name: the key of `errors`, and the name of a hidden input carrying the cents. */
  name: string;
  /** Amount in cents, or null when empty. */
  value: number | null;
  onChange: (cents: number | null) => void;
  /** Whole-dollar variant: 6 digits, no decimals. Default: 9 digits and 2 decimals. */
  whole?: boolean;
  errors?: FieldMessages | null;
  hint?: string;
  id?: string;
  placeholder?: string;
  disabled?: boolean;
  required?: boolean;
  onBlur?: () => void;
}

/** Dollar amount input (core §5): positive only, 9 integer digits and 2 decimals, or 6 and none when `whole`. */
export function MoneyInput({ label, name, value, onChange, whole = false, errors, hint, id, placeholder, disabled, required, onBlur }: MoneyInputProps) {
  const autoId = useId();
  const inputId = id ?? `${autoId}-money`;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const [text, setText] = useState(() => moneyInputText(value, { whole }));
  const emitted = useRef<number | null>(value);

  // Follow the value when the parent changes it (not when it echoes what we emitted).
  useEffect(() => {
    if (value !== emitted.current) {
      emitted.current = value;
      setText(moneyInputText(value, { whole }));
    }
  }, [value, whole]);

  const error = firstError(errors, name);
  const { integerDigits, decimals } = moneyInputLimits({ whole });
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;

  return (
    <div className="cp-field">
      <label htmlFor={inputId}>{label}</label>
      <div className="cp-input-affix">
        <span className="cp-input-affix__prefix" aria-hidden="true">
          $
        </span>
        <input
          id={inputId}
          className="cp-input"
          type="text"
          inputMode={whole ? 'numeric' : 'decimal'}
          autoComplete="off"
          value={text}
          placeholder={placeholder ?? (whole ? '0' : '0.00')}
          maxLength={integerDigits + (decimals ? decimals + 1 : 0)}
          disabled={disabled}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => {
            const parsed = parseMoneyInput(e.target.value, { whole });
            setText(parsed.text);
            if (parsed.cents !== emitted.current) {
              emitted.current = parsed.cents;
              onChange(parsed.cents);
            }
          }}
          onBlur={() => {
            // Drop a dangling point: "12." → "12".
            if (text.endsWith('.')) setText(text.slice(0, -1));
            onBlur?.();
          }}
        />
      </div>
      <input type="hidden" name={name} value={value ?? ''} />
      {hint ? (
        <span className="cp-field__hint" id={hintId}>
          {hint}
        </span>
      ) : null}
      <FieldError errors={errors} field={name} id={errorId} />
    </div>
  );
}

export default MoneyInput;
