/**
 * Date picker (core §5, §9) on react-day-picker: a button that opens a calendar (or, with `inline`, the calendar
 * itself), weeks starting on Sunday, optional min and max, and an `isDisabled(day)` predicate for days that cannot
 * be chosen (an air date offers only bookable days). Keyboard use is react-day-picker's grid: arrows by day and week,
 * Home/End, Page Up/Down by month (Shift for years), Enter or Space selects; Esc closes the popup.
 * Days are 'YYYY-MM-DD' strings in and out; the calendar works on local dates, so no time zone shifts a day.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import { formatDate } from '../lib/format/dates';
import { firstError, type FieldMessages } from '../lib/rules/field-errors';
import { FieldError } from './FieldError';
import { Icon } from './Icon';
import '../styles/kit.css';

export interface DatePickerProps {
  label: string;
  /** Field name: key of `errors` and name of the hidden input. */
  name: string;
  /** The chosen day, 'YYYY-MM-DD', or null. */
  value: string | null;
  onChange: (value: string | null) => void;
  /** Earliest selectable day, 'YYYY-MM-DD'. */
  min?: string | null;
  /** Latest selectable day, 'YYYY-MM-DD'. */
  max?: string | null;
  /** True for a day ('YYYY-MM-DD') that cannot be chosen, besides those outside min and max. */
  isDisabled?: (day: string) => boolean;
  errors?: FieldMessages | null;
  hint?: string;
  id?: string;
  placeholder?: string;
  disabled?: boolean;
  /** Always-visible calendar instead of a button with a popup. */
  inline?: boolean;
}

/** A day button's name: 'Friday, March 15, 2024' (its selection is the cell's aria-selected). */
const LONG_DATE = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
const pad = (n: number) => String(n).padStart(2, '0');
/** The 'YYYY-MM-DD' of a local date. */
const dayOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
/** The local date of a 'YYYY-MM-DD' day (a longer ISO string is cut to its day), or undefined. */
function dateOf(day: string | null | undefined): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(day ?? '');
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : undefined;
}

/** The month arrows, drawn with our icons. */
function Chevron({ orientation }: { orientation?: 'up' | 'down' | 'left' | 'right' }) {
  return <Icon name={orientation === 'left' ? 'chevron-left' : 'chevron-right'} />;
}

export function DatePicker({
  label,
  name,
  value,
  onChange,
  min,
  max,
  isDisabled,
  errors,
  hint,
  id,
  placeholder = 'Select date',
  disabled,
  inline = false,
}: DatePickerProps) {
  const autoId = useId();
  const baseId = id ?? `${autoId}-date`;
  const labelId = `${baseId}-label`;
  const errorId = `${baseId}-error`;
  const hintId = `${baseId}-hint`;
  const [open, setOpen] = useState(inline);
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const selected = dateOf(value);
  const error = firstError(errors, name);
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const minDay = min?.slice(0, 10);
  const maxDay = max?.slice(0, 10);
  const blocked = (date: Date) => {
    const day = dayOf(date);
    return (!!minDay && day < minDay) || (!!maxDay && day > maxDay) || (isDisabled?.(day) ?? false);
  };

  // A popup closes on a click outside it.
  useEffect(() => {
    if (!open || inline) return undefined;
    const onPointerDown = (e: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, inline]);

  function close() {
    if (inline) return;
    setOpen(false);
    toggleRef.current?.focus();
  }

  const calendar = (
    // biome-ignore lint/a11y/noStaticElementInteractions: Esc closes the popup from anywhere inside it
    <div
      className={inline ? 'cp-datepicker__popup cp-datepicker__popup--inline' : 'cp-datepicker__popup'}
      role={inline ? 'group' : 'dialog'}
      aria-labelledby={labelId}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !inline) {
          // Close only the popup, not a dialog around it.
          e.preventDefault();
          e.stopPropagation();
          close();
        }
      }}
    >
      <DayPicker
        mode="single"
        selected={selected}
        defaultMonth={selected ?? dateOf(minDay) ?? new Date()}
        onSelect={(date) => {
          onChange(date ? dayOf(date) : null);
          if (date) close();
        }}
        disabled={blocked}
        weekStartsOn={0}
        autoFocus={!inline}
        labels={{ labelNext: () => 'Next month', labelPrevious: () => 'Previous month', labelDayButton: (date) => LONG_DATE.format(date) }}
        components={{ Chevron }}
      />
      <div className="cp-datepicker__actions">
        <button type="button" className="cp-button cp-button--link" onClick={() => onChange(null)} disabled={!value}>
          Clear
        </button>
        {inline ? null : (
          <button type="button" className="cp-button cp-button--primary" onClick={close}>
            Done
          </button>
        )}
      </div>
    </div>
  );

  return (
    <div className="cp-field cp-datepicker" ref={rootRef}>
      {inline ? (
        <span className="cp-field__label" id={labelId}>
          {label}
        </span>
      ) : (
        <label className="cp-field__label" id={labelId} htmlFor={`${baseId}-toggle`}>
          {label}
        </label>
      )}
      {inline ? null : (
        <button
          ref={toggleRef}
          id={`${baseId}-toggle`}
          type="button"
          className="cp-button cp-datepicker__toggle"
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-labelledby={`${labelId} ${baseId}-toggle`}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          disabled={disabled}
          onClick={() => setOpen(!open)}
        >
          <span>{value ? formatDate(value) : placeholder}</span>
          <Icon name="calendar" />
        </button>
      )}
      {open ? calendar : null}
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

export default DatePicker;
