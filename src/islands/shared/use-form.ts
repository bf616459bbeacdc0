/**
 * One form hook for the islands' forms (core §8): the submit's pending state, the field messages of a
 * 422 (`{ message, errors: { field: [...] } }`), a general message, focus on the first invalid field
 * after a failed submit, and clearing one field's message when it is edited.
 *
 * It is a plain reducer rather than React 19's `useActionState`: several of these forms are real
 * `<form method="post" action=…>` posts before hydration (forms-before-hydration.spec.ts), which a
 * function `action` prop would replace, and some keep the button pending after success while the page
 * navigates away, which an action's pending flag does not allow.
 */
import { useCallback, useEffect, useMemo, useReducer, useRef, type RefObject } from 'react';
import { ApiError } from '../../lib/api';
import { firstError, type FieldErrors } from '../../lib/rules/field-errors';

export type { FieldErrors };

/** What a failed submit tells the form. */
export interface Failure {
  /** The HTTP status of an API answer, or null for a network or script error. */
  status: number | null;
  /** The field messages of a 422 ({} otherwise). */
  errors: FieldErrors;
  /** The answer's message, or the form's fallback when the error carries none. */
  message: string;
}

/** Reads a thrown error as a form shows it: field messages only from a 422, the message from any error. */
export function failureOf(err: unknown, fallback = 'Something went wrong, please try again.'): Failure {
  if (err instanceof ApiError) return { status: err.status, errors: err.status === 422 ? err.errors : {}, message: err.message || fallback };
  return { status: null, errors: {}, message: err instanceof Error && err.message ? err.message : fallback };
}

/** The field messages of a failure, or its message under `field` when it has none (forms that show every message under the fields). */
export function messagesAsField(failure: Failure, field: string, fallback: string): FieldErrors {
  if (Object.keys(failure.errors).length > 0) return failure.errors;
  return { [field]: [failure.status !== null ? failure.message : fallback] };
}

/** The general message of a failure that has no field messages (null when it has some); `offline` for a request that never got an answer. */
export function messageBesideFields(failure: Failure, offline: string): string | null {
  if (Object.keys(failure.errors).length > 0) return null;
  return failure.status !== null ? failure.message : offline;
}

/** The usual split: a 422's messages go under the fields (via `fail`), anything else to `show` (a toast). */
export function fieldsOr(form: Pick<FormApi, 'fail'>, show: (message: string) => void): (failure: Failure) => void {
  return (failure) => {
    if (failure.status === 422) form.fail(failure.errors);
    else show(failure.message);
  };
}

export interface UseFormState {
  pending: boolean;
  errors: FieldErrors;
  message: string | null;
  /** Counts failures with field messages, so the first invalid field is focused once per failure. */
  failures: number;
}

export type FormAction =
  | { type: 'start' }
  | { type: 'done' }
  | { type: 'fail'; errors: FieldErrors; message: string | null }
  | { type: 'clear'; field: string }
  | { type: 'message'; message: string | null }
  | { type: 'reset' };

/** The form's state changes (pure, tested in tests/unit/use-form.test.ts). */
export function formReducer(state: UseFormState, action: FormAction): UseFormState {
  switch (action.type) {
    case 'start':
      return { ...state, pending: true, errors: {}, message: null };
    case 'done':
      return { ...state, pending: false };
    case 'fail': {
      const invalid = Object.keys(action.errors).some((f) => firstError(action.errors, f));
      return { pending: false, errors: action.errors, message: action.message, failures: state.failures + (invalid ? 1 : 0) };
    }
    case 'clear': {
      if (!(action.field in state.errors)) return state;
      const { [action.field]: _, ...rest } = state.errors;
      return { ...state, errors: rest };
    }
    case 'message':
      return { ...state, message: action.message };
    case 'reset':
      return { ...state, errors: {}, message: null };
  }
}

/** aria-invalid and aria-describedby of a field, as every form sets them. */
export function fieldAria(
  errors: FieldErrors,
  field: string,
  describedBy: string,
): { 'aria-invalid': true | undefined; 'aria-describedby': string | undefined } {
  const invalid = firstError(errors, field) !== undefined;
  return { 'aria-invalid': invalid ? true : undefined, 'aria-describedby': invalid ? describedBy : undefined };
}

export interface UseFormOptions {
  /** Field messages the server rendered (a form posted before hydration). */
  initialErrors?: FieldErrors | null;
  /** A general message the server rendered. */
  initialMessage?: string | null;
  /** The message of an error that carries none. */
  fallback?: string;
}

export interface RunOptions {
  /**
   * Shows the failure instead of the hook's general message (a toast, or only some failures); the field
   * messages of a 422 are set either way unless `fields` is false.
   */
  report?: (failure: Failure) => void;
  /** Keep the field messages of a 422 out of the form (a form that shows only the message). */
  fields?: boolean;
  /** Stay pending after success (the page navigates away). */
  keepPending?: boolean;
}

export interface FormApi {
  pending: boolean;
  /** The field messages ({} when none). */
  errors: FieldErrors;
  /** The general message, or null. */
  message: string | null;
  /** Some field has a message. */
  invalid: boolean;
  /** Put on the <form> so the first invalid field gets the focus after a failure. */
  formRef: RefObject<HTMLFormElement | null>;
  /** The first message of a field. */
  error: (field: string) => string | undefined;
  /** aria-invalid / aria-describedby for a field whose message has the id `describedBy`. */
  aria: (field: string, describedBy: string) => ReturnType<typeof fieldAria>;
  /** Runs a submit: pending while it runs, its messages cleared first and set from its failure. Answers its result, or undefined after a failure. */
  run: <T>(submit: () => Promise<T>, options?: RunOptions) => Promise<T | undefined>;
  /** Shows messages the browser found itself (before any request). */
  fail: (errors: FieldErrors, message?: string | null) => void;
  /** Removes one field's message (call it when the field is edited). */
  clear: (field: string) => void;
  setMessage: (message: string | null) => void;
  /** Clears every message (the pending state stays). */
  reset: () => void;
}

/** The form hook: see the module comment. */
export function useForm(options: UseFormOptions = {}): FormApi {
  const [state, dispatch] = useReducer(formReducer, undefined, () => ({
    pending: false,
    errors: options.initialErrors ?? {},
    message: options.initialMessage ?? null,
    failures: 0,
  }));
  const formRef = useRef<HTMLFormElement | null>(null);
  const fallback = options.fallback;

  useEffect(() => {
    if (state.failures === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [state.failures]);

  const run = useCallback(
    async <T>(submit: () => Promise<T>, runOptions: RunOptions = {}): Promise<T | undefined> => {
      dispatch({ type: 'start' });
      try {
        const result = await submit();
        if (!runOptions.keepPending) dispatch({ type: 'done' });
        return result;
      } catch (err) {
        const failure = failureOf(err, fallback);
        const errors = runOptions.fields === false ? {} : failure.errors;
        dispatch({ type: 'fail', errors, message: runOptions.report ? null : failure.message });
        runOptions.report?.(failure);
        return undefined;
      }
    },
    [fallback],
  );

  return useMemo(
    () => ({
      pending: state.pending,
      errors: state.errors,
      message: state.message,
      invalid: Object.keys(state.errors).some((f) => firstError(state.errors, f) !== undefined),
      formRef,
      error: (field: string) => firstError(state.errors, field),
      aria: (field: string, describedBy: string) => fieldAria(state.errors, field, describedBy),
      run,
      fail: (errors: FieldErrors, message: string | null = null) => dispatch({ type: 'fail', errors, message }),
      clear: (field: string) => dispatch({ type: 'clear', field }),
      setMessage: (message: string | null) => dispatch({ type: 'message', message }),
      reset: () => dispatch({ type: 'reset' }),
    }),
    [state, run],
  );
}
