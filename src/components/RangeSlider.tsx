import { useId, type CSSProperties } from 'react';
import { RANGE_SLIDER_DEFAULT_STEP } from '../lib/constants';
import { clampRange, type Range } from '../lib/rules/range-slider';
import { firstError, type FieldMessages } from '../lib/rules/field-errors';
import { FieldError } from './FieldError';
import '../styles/kit.css';

export type { Range };

export interface RangeSliderProps {
  label: string;
  /** [lower, upper]. */
  value: Range;
  onChange: (value: Range) => void;
  min: number;
  max: number;
  /** Default 1. */
  step?: number;
  /** Key of `errors`, and the base name of two hidden inputs `${name}[0]`, `${name}[1]`. */
  name?: string;
  /** Text of a value (also read aloud): e.g. formatMoney or shortNumber. */
  format?: (n: number) => string;
  minLabel?: string;
  maxLabel?: string;
  errors?: FieldMessages | null;
  disabled?: boolean;
}

/**
 * Two-thumb range slider on two native range inputs (arrow keys, Page Up/Down, Home/End).
 * Values go through clampRange: within min and max, upper never below lower, upper snaps to max one step below it.
 */
export function RangeSlider({
  label,
  value,
  onChange,
  min,
  max,
  step = RANGE_SLIDER_DEFAULT_STEP,
  name,
  format = String,
  minLabel = 'Minimum',
  maxLabel = 'Maximum',
  errors,
  disabled,
}: RangeSliderProps) {
  const id = useId();
  const [lo, hi] = clampRange(value, { min, max, step });
  const span = max - min || 1;
  // The filled span is data: its ends go to CSS as custom properties.
  const fill = { '--cp-range-from': `${((lo - min) / span) * 100}%`, '--cp-range-to': `${100 - ((hi - min) / span) * 100}%` } as CSSProperties;
  const error = name ? firstError(errors, name) : undefined;
  const errorId = `${id}-error`;
  const set = (next: [number, number]) => onChange(clampRange(next, { min, max, step }));
  return (
    <div className="cp-field" role="group" aria-labelledby={`${id}-label`} aria-describedby={error ? errorId : undefined}>
      <span className="cp-field__label" id={`${id}-label`}>
        {label}
      </span>
      <div className="cp-range">
        <div className="cp-range__track" />
        <div className="cp-range__fill" style={fill} />
        <input
          type="range"
          min={min}
          max={max}
          step={step}
          value={lo}
          disabled={disabled}
          aria-label={`${label}: ${minLabel}`}
          aria-valuetext={format(lo)}
          aria-invalid={error ? true : undefined}
          // Keep the lower thumb reachable when both sit at the top end.
          className={lo >= max - step ? 'cp-range__input--above' : undefined}
          onChange={(e) => set([Number(e.target.value), hi])}
        />
        <input
          type="range"
          min={min}
          max={max}
          step={step}
          value={hi}
          disabled={disabled}
          aria-label={`${label}: ${maxLabel}`}
          aria-valuetext={format(hi)}
          aria-invalid={error ? true : undefined}
          onChange={(e) => set([lo, Math.max(lo, Number(e.target.value))])}
        />
      </div>
      <div className="cp-range__values" aria-hidden="true">
        <span>{format(lo)}</span>
        <span>{format(hi)}</span>
      </div>
      {name ? (
        <>
          <input type="hidden" name={`${name}[0]`} value={lo} />
          <input type="hidden" name={`${name}[1]`} value={hi} />
          <FieldError errors={errors} field={name} id={errorId} />
        </>
      ) : null}
    </div>
  );
}

export default RangeSlider;
