/**
 * The API boundary: one HttpError thrown from anywhere, turned into Laravel-shaped JSON in one place,
 * and zod validation that answers 422 `{ message, errors: { field: [messages] } }`.
 */
import { z } from 'zod';

export type FieldErrors = Record<string, string[]>;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
    readonly body?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** 422 with one message for one field. */
export function fieldError(field: string, message: string): HttpError {
  return new HttpError(422, message, { [field]: [message] });
}

export const notFound = (message = 'Not Found.') => new HttpError(404, message);
export const forbidden = (message = 'This action is unauthorized.') => new HttpError(403, message);
export const unauthenticated = () => new HttpError(401, 'Unauthenticated.');

/** A JSON response. */
export function json(data: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(status === 204 ? null : JSON.stringify(data), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}

const FIELD_LABEL = (path: string) => path.replace(/_/g, ' ').replace(/\.(\d+)/g, '.$1');

/** Laravel-style messages for zod issues ("The email field is required."). */
function messageFor(issue: z.core.$ZodIssue, path: string): string {
  const label = FIELD_LABEL(path);
  if (issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null)) return `The ${label} field is required.`;
  if (issue.code === 'too_small' && issue.origin === 'string' && issue.minimum === 1) return `The ${label} field is required.`;
  if (issue.message && !issue.message.startsWith('Invalid') && !issue.message.startsWith('Too ')) return issue.message;
  switch (issue.code) {
    case 'too_small':
      return issue.origin === 'string'
        ? `The ${label} field must be at least ${issue.minimum} characters.`
        : `The ${label} field must be at least ${issue.minimum}.`;
    case 'too_big':
      return issue.origin === 'string'
        ? `The ${label} field must not be greater than ${issue.maximum} characters.`
        : `The ${label} field must not be greater than ${issue.maximum}.`;
    case 'invalid_format':
      return issue.format === 'email' ? `The ${label} field must be a valid email address.` : `The ${label} field format is invalid.`;
    case 'invalid_value':
      return `The selected ${label} is invalid.`;
    default:
      return `The ${label} field is invalid.`;
  }
}

/** The field errors of a zod error, with Laravel-style messages. */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const path = issue.path.join('.') || 'body';
    (errors[path] ??= []).push(messageFor(issue, path));
  }
  return errors;
}

/** The 422 HttpError for a set of field errors ("The x field is required. (and 2 more errors)"). */
export function fieldErrors(errors: FieldErrors): HttpError {
  const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
  const more = Object.values(errors).flat().length - 1;
  return new HttpError(422, more > 0 ? `${first} (and ${more} more error${more > 1 ? 's' : ''})` : first, errors);
}

/** Turns a zod error into the 422 HttpError the client reads. */
export function validationError(error: z.ZodError): HttpError {
  return fieldErrors(zodFieldErrors(error));
}

/** Validates a value with a schema, throwing the 422 HttpError on failure. */
export function validate<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/** Reads the request body (JSON or form) as a plain object; a malformed body is a 422, not a crash. */
export async function readBody(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get('content-type') ?? '';
  try {
    if (type.includes('application/json')) {
      const text = await request.text();
      if (!text.trim()) return {};
      const parsed: unknown = JSON.parse(text);
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
      return parsed as Record<string, unknown>;
    }
    if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
      const form = await request.formData();
      const out: Record<string, unknown> = {};
      for (const [k, v] of form.entries()) out[k] = v;
      return out;
    }
    const text = await request.text();
    if (!text.trim()) return {};
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new HttpError(422, 'The request body could not be read.', { body: ['The request body must be a JSON object.'] });
  }
}

/** Parses the body with a schema. */
export async function parseBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  return validate(schema, await readBody(request));
}

/** Parses the query string with a schema. */
export function parseQuery<S extends z.ZodType>(url: URL, schema: S): z.infer<S> {
  return validate(schema, Object.fromEntries(url.searchParams.entries()));
}

/** Parses a route id parameter; anything but a positive integer is a 404. */
export function idParam(value: string | undefined): number {
  if (!value || !/^\d{1,10}$/.test(value)) throw notFound();
  const n = Number(value);
  if (n < 1 || n > 2_147_483_647) throw notFound();
  return n;
}

/** The JSON answer for any error: HttpError as written, anything else a 500 without its text. */
export function errorResponse(error: unknown): Response {
  if (error instanceof HttpError) {
    const body = error.body ?? { message: error.message, ...(error.errors ? { errors: error.errors } : {}) };
    return json(body, error.status, error.headers ?? {});
  }
  if (error instanceof z.ZodError) return errorResponse(validationError(error));
  console.error('[cuepoint] unexpected error', error);
  return json({ message: 'Server Error' }, 500);
}
