import { useId } from 'react';
import { RATING_MAX } from '../lib/constants';
import { clampRating, ratingLabel } from '../lib/rules/rating';
import { firstError, type FieldMessages } from '../lib/rules/field-errors';
import { FieldError } from './FieldError';
import { Icon } from './Icon';
import '../styles/kit.css';

export interface RatingInputProps {
  label: string;
  /** Radio group name and key of `errors` (e.g. 'responsiveness'). */
  name: string;
  /** 0 (none) to 5. */
  value: number;
  onChange?: (value: number) => void;
  /** Shows the stars without input. */
  readOnly?: boolean;
  disabled?: boolean;
  /** Star size in px; default 24. */
  size?: number;
  errors?: FieldMessages | null;
}

const STEPS = Array.from({ length: RATING_MAX }, (_, i) => i + 1);

/**
 * The 0-to-5 rating widget: a radio group (arrow keys move and select, as native radios do)
 * with a visually hidden "No rating" option for 0. `readOnly` renders an image "4 stars".
 */
export function RatingInput({ label, name, value, onChange, readOnly = false, disabled, size = 24, errors }: RatingInputProps) {
  const autoId = useId();
  const current = clampRating(value);
  if (readOnly) {
    return (
      <span className="cp-rating cp-rating--readonly" role="img" aria-label={`${label}: ${ratingLabel(current)} out of ${RATING_MAX}`}>
        <span className="cp-rating__stars">
          {STEPS.map((n) => (
            <span key={n} className={n <= current ? 'cp-rating__star cp-rating__star--on' : 'cp-rating__star'}>
              <Icon name={n <= current ? 'star-filled' : 'star'} size={size} />
            </span>
          ))}
        </span>
      </span>
    );
  }
  const errorId = `${autoId}-error`;
  const error = firstError(errors, name);
  return (
    <fieldset className="cp-rating" disabled={disabled} aria-describedby={error ? errorId : undefined}>
      <legend>{label}</legend>
      <span className="cp-rating__stars">
        <label className="cp-sr-only cp-rating__none">
          <input type="radio" name={name} value="0" checked={current === 0} onChange={() => onChange?.(0)} />
          {ratingLabel(0)}
        </label>
        {STEPS.map((n) => (
          <label key={n} className={n <= current ? 'cp-rating__star cp-rating__star--on' : 'cp-rating__star'}>
            <input type="radio" name={name} value={String(n)} checked={current === n} onChange={() => onChange?.(n)} />
            <Icon name={n <= current ? 'star-filled' : 'star'} size={size} />
            <span className="cp-sr-only">{ratingLabel(n)}</span>
          </label>
        ))}
      </span>
      <FieldError errors={errors} field={name} id={errorId} />
    </fieldset>
  );
}

export default RatingInput;
