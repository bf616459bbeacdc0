import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { formatDate } from '../lib/format/dates';
import {
  addMonths,
  clampDay,
  dayAfterKey,
  formatTime12,
  isDayDisabled,
  joinDateTime,
  MONTH_NAMES,
  monthGrid,
  parseDay,
  splitDateTime,
  to12Hour,
  to24Hour,
  today,
  toggleDate,
  WEEKDAY_LONG,
  WEEKDAY_SHORT,
  type Period,
} from '../lib/rules/date-picker';
import { firstError, type FieldErrors } from '../lib/rules/field-errors';
import { FieldError } from './FieldError';
import { Icon } from './Icon';
import '../styles/kit.css';

interface DatePickerBaseProps {
  label: string;
  /** Field name: key of `errors` and name of the hidden input(s) (`name[]` when multiple). */
  name: string;
  /** Earliest selectable day, 'YYYY-MM-DD'. */
  min?: string | null;
  /** Latest selectable day, 'YYYY-MM-DD'. */
  max?: string | null;
  errors?: FieldErrors | null;
  hint?: string;
  id?: string;
  placeholder?: string;
  disabled?: boolean;
  /** Always-visible calendar instead of a button with a popup. */
  inline?: boolean;
  /** When given, only these days ('YYYY-MM-DD') can be chosen (a booking calendar's free days). */
  allowed?: readonly string[] | null;
}

export interface SingleDatePickerProps extends DatePickerBaseProps {
  multiple?: false;
  /** 'YYYY-MM-DD', or 'YYYY-MM-DDTHH:mm' (local wall time) with `time`. */
  value: string | null;
  onChange: (value: string | null) => void;
  /** Adds a 12-hour time selection. */
  time?: boolean;
  /** Minutes between time options; default 5. */
  minuteStep?: number;
}

export interface MultiDatePickerProps extends DatePickerBaseProps {
  multiple: true;
  /** Selected days, 'YYYY-MM-DD'. */
  value: string[];
  onChange: (value: string[]) => void;
  /** Most days that can be selected; extras are trimmed (core §5). */
  limit?: number;
}

export type DatePickerProps = SingleDatePickerProps | MultiDatePickerProps;

function longDate(day: string): string {
  const d = parseDay(day);
  if (!d) return day;
  return `${WEEKDAY_LONG[d.getUTCDay()]}, ${MONTH_NAMES[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}

/**
 * Date picker (core §5, §9): optional min and max, single or multiple days with a limit,
 * optional 12-hour time, weeks starting on Sunday. The calendar is a grid navigable with
 * arrows, Home/End, Page Up/Down (Shift for years); Enter or Space selects; Esc closes.
 */
export function DatePicker(props: DatePickerProps) {
  const { label, name, min, max, errors, hint, id, placeholder = 'Select date', disabled, inline = false, allowed } = props;
  const bounds = { min: min ?? null, max: max ?? null };
  const allowedSet = allowed ? new Set(allowed) : null;
  const unavailable = (day: string) => isDayDisabled(day, bounds) || (allowedSet !== null && !allowedSet.has(day.slice(0, 10)));
  const autoId = useId();
  const baseId = id ?? `${autoId}-date`;
  const labelId = `${baseId}-label`;
  const titleId = `${baseId}-title`;
  const errorId = `${baseId}-error`;
  const hintId = `${baseId}-hint`;

  const selected: string[] = props.multiple ? props.value : props.value ? [splitDateTime(props.value).day] : [];
  const withTime = !props.multiple && props.time === true;
  const [timeValue, setTimeValue] = useState(() => (!props.multiple && splitDateTime(props.value).time) || '12:00');

  const [open, setOpen] = useState(inline);
  const [focused, setFocused] = useState(() => selected[0] || allowed?.[0] || clampDay(today(), bounds));
  const moveFocus = useRef(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const gridRef = useRef<HTMLTableElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  const error = firstError(errors, name);
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;

  // Put DOM focus on the focused day after keyboard moves and on opening.
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-date="${focused}"]`)?.focus();
  }, [focused, open]);

  // A popup closes on a click outside it.
  useEffect(() => {
    if (!open || inline) return undefined;
    const onPointerDown = (e: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, inline]);

  function close(returnFocus = true) {
    if (inline) return;
    setOpen(false);
    if (returnFocus) toggleRef.current?.focus();
  }

  function select(day: string) {
    if (unavailable(day)) return;
    setFocused(day);
    if (props.multiple) {
      props.onChange(toggleDate(props.value, day, props.limit));
      return;
    }
    props.onChange(withTime ? joinDateTime(day, timeValue) : day);
    if (!withTime) close();
  }

  function setTime(next: string) {
    setTimeValue(next);
    if (!props.multiple && selected[0]) props.onChange(joinDateTime(selected[0], next));
  }

  function onGridKeyDown(e: KeyboardEvent<HTMLTableElement>) {
    const next = dayAfterKey(focused, e.key, e.shiftKey);
    if (next) {
      e.preventDefault();
      moveFocus.current = true;
      setFocused(next);
    }
  }

  const focusedDate = parseDay(focused) ?? new Date();
  const year = focusedDate.getUTCFullYear();
  const month = focusedDate.getUTCMonth();
  const weeks = monthGrid(year, month);
  const todayDay = today();

  const display = (() => {
    if (selected.length === 0) return '';
    if (props.multiple) return selected.length > 2 ? `${selected.length} dates selected` : selected.map((d) => formatDate(d)).join(', ');
    const day = selected[0] ?? '';
    return withTime ? `${formatDate(day)} ${formatTime12(timeValue)}` : formatDate(day);
  })();

  const { hour, period } = to12Hour(Number(timeValue.slice(0, 2)));
  const minute = Number(timeValue.slice(3, 5));
  const step = (!props.multiple && props.minuteStep) || 5;
  const minuteOptions = Array.from({ length: Math.ceil(60 / step) }, (_, i) => i * step);
  if (!minuteOptions.includes(minute)) minuteOptions.push(minute);
  minuteOptions.sort((a, b) => a - b);
  const hhmm = (h24: number, m: number) => `${String(h24).padStart(2, '0')}:${String(m).padStart(2, '0')}`;

  const calendar = (
    <div
      className={inline ? 'cp-datepicker__popup cp-datepicker__popup--inline' : 'cp-datepicker__popup'}
      role={inline ? 'group' : 'dialog'}
      aria-modal={inline ? undefined : false}
      aria-labelledby={inline ? labelId : titleId}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !inline) {
          // Close only the popup, not a dialog around it.
          e.preventDefault();
          e.stopPropagation();
          close();
        }
      }}
    >
      <div className="cp-calendar__head">
        <button type="button" className="cp-icon-button" aria-label="Previous month" onClick={() => setFocused(addMonths(focused, -1))}>
          <Icon name="chevron-left" />
        </button>
        <span id={titleId} aria-live="polite">
          {MONTH_NAMES[month]} {year}
        </span>
        <button type="button" className="cp-icon-button" aria-label="Next month" onClick={() => setFocused(addMonths(focused, 1))}>
          <Icon name="chevron-right" />
        </button>
      </div>
      <table className="cp-calendar__grid" role="grid" aria-labelledby={titleId} ref={gridRef} onKeyDown={onGridKeyDown}>
        <thead>
          <tr>
            {WEEKDAY_SHORT.map((d, i) => (
              <th key={d} scope="col" abbr={WEEKDAY_LONG[i]}>
                {d}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]?.date}>
              {week.map((cell) => {
                const isSelected = selected.includes(cell.date);
                const isDisabled = unavailable(cell.date);
                const classes = ['cp-calendar__day'];
                if (!cell.inMonth) classes.push('cp-calendar__day--outside');
                if (cell.date === todayDay) classes.push('cp-calendar__day--today');
                return (
                  <td key={cell.date} aria-selected={isSelected}>
                    <button
                      type="button"
                      className={classes.join(' ')}
                      data-date={cell.date}
                      tabIndex={cell.date === focused ? 0 : -1}
                      aria-label={longDate(cell.date)}
                      aria-pressed={isSelected}
                      aria-disabled={isDisabled || undefined}
                      aria-current={cell.date === todayDay ? 'date' : undefined}
                      onClick={() => select(cell.date)}
                      onFocus={() => {
                        if (cell.date !== focused) setFocused(cell.date);
                      }}
                    >
                      {cell.day}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {withTime ? (
        <div className="cp-datepicker__time" role="group" aria-label="Time">
          <select className="cp-select" aria-label="Hour" value={hour} onChange={(e) => setTime(hhmm(to24Hour(Number(e.target.value), period), minute))}>
            {Array.from({ length: 12 }, (_, i) => i + 1).map((h) => (
              <option key={h} value={h}>
                {h}
              </option>
            ))}
          </select>
          <span aria-hidden="true">:</span>
          <select className="cp-select" aria-label="Minute" value={minute} onChange={(e) => setTime(hhmm(to24Hour(hour, period), Number(e.target.value)))}>
            {minuteOptions.map((m) => (
              <option key={m} value={m}>
                {String(m).padStart(2, '0')}
              </option>
            ))}
          </select>
          <select className="cp-select" aria-label="AM or PM" value={period} onChange={(e) => setTime(hhmm(to24Hour(hour, e.target.value as Period), minute))}>
            <option value="AM">AM</option>
            <option value="PM">PM</option>
          </select>
        </div>
      ) : null}
      {props.multiple && props.limit ? (
        <p className="cp-field__hint" aria-live="polite">
          {selected.length} of {props.limit} selected
        </p>
      ) : null}
      <div className="cp-datepicker__actions">
        <button
          type="button"
          className="cp-button cp-button--link"
          onClick={() => (props.multiple ? props.onChange([]) : props.onChange(null))}
          disabled={selected.length === 0}
        >
          Clear
        </button>
        {inline ? null : (
          <button type="button" className="cp-button cp-button--primary" onClick={() => close()}>
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
          onClick={() => {
            if (open) {
              setOpen(false);
              return;
            }
            moveFocus.current = true;
            setFocused(selected[0] || allowed?.[0] || clampDay(today(), bounds));
            setOpen(true);
          }}
        >
          <span>{display || placeholder}</span>
          <Icon name="calendar" />
        </button>
      )}
      {open ? calendar : null}
      {props.multiple ? (
        selected.map((d) => <input key={d} type="hidden" name={`${name}[]`} value={d} />)
      ) : (
        <input type="hidden" name={name} value={props.value ?? ''} />
      )}
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
