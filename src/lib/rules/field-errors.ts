/** Validation errors as the API answers them in a 422: `{ errors: { field: [messages] } }` (server and browser share it). */
export type FieldErrors = Record<string, string[]>;

/** Field messages as forms hold them: the API's lists, or one message a form set itself. */
export type FieldMessages = Record<string, readonly string[] | string | undefined>;

/** The first message for a field, or undefined (core §8: "shows the first message per field"). */
export function firstError(errors: FieldMessages | null | undefined, field: string): string | undefined {
  const value = errors?.[field];
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value || undefined;
  return value.find((m) => m.length > 0);
}

/** Reads `errors` from a 422 body (`{ message, errors }`), or from an error carrying it as `data`; {} otherwise. */
export function fieldErrorsOf(bodyOrError: unknown): FieldErrors {
  const candidates = [bodyOrError, (bodyOrError as { data?: unknown } | null)?.data];
  for (const c of candidates) {
    const errors = (c as { errors?: unknown } | null | undefined)?.errors;
    if (errors && typeof errors === 'object' && !Array.isArray(errors)) {
      const out: FieldErrors = {};
      for (const [k, v] of Object.entries(errors as Record<string, unknown>)) {
        if (Array.isArray(v)) out[k] = v.filter((m): m is string => typeof m === 'string');
        else if (typeof v === 'string') out[k] = [v];
      }
      return out;
    }
  }
  return {};
}
