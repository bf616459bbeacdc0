/**
 * The hosting forms' error handling (hosting §8, core §8): a 422 fills the field errors (first message
 * per field) and the response's message; a 500 sets the message; errors are cleared on each request and
 * de-duplicated; a message containing a link shows it as a link.
 */
import { ApiError } from '../../lib/api';
import type { FieldErrors } from '../../components/FieldError';

export interface FormFailure {
  message: string | null;
  errors: FieldErrors | null;
}

export const NO_FAILURE: FormFailure = { message: null, errors: null };

/** What a failed save shows. */
export function formFailure(err: unknown): FormFailure {
  if (err instanceof ApiError) return { message: err.message, errors: err.status === 422 ? err.errors : null };
  return { message: err instanceof Error ? err.message : 'Something went wrong, please try again.', errors: null };
}

/** The distinct messages of a failure (the message first, then each field's first message). */
export function failureMessages(f: FormFailure): string[] {
  const all = [f.message, ...Object.values(f.errors ?? {}).map((v) => (Array.isArray(v) ? v[0] : v))].filter(
    (m): m is string => typeof m === 'string' && m !== '',
  );
  return [...new Set(all)];
}

/** One message, with any http(s) address in it shown as a link. */
export function MessageText({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s<>"]+)/g);
  return (
    <>
      {parts.map((p, i) =>
        /^https?:\/\//.test(p) ? (
          <a key={i} href={p} target="_blank" rel="noopener noreferrer">
            {p}
          </a>
        ) : (
          p
        ),
      )}
    </>
  );
}

/** The error block above a form's buttons: the response's message (field messages stay under their fields). */
export function FailureBlock({ failure }: { failure: FormFailure }) {
  const messages = failureMessages({ message: failure.message, errors: null });
  if (messages.length === 0) return null;
  return (
    <div className="hosting-error" role="alert">
      {messages.map((m) => (
        <p key={m}>
          <MessageText text={m} />
        </p>
      ))}
    </div>
  );
}
