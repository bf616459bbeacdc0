/**
 * The API boundary: one HttpError thrown from anywhere, turned into Laravel-shaped JSON in one place,
 * and zod validation that answers 422 `{ message, errors: { field: [messages] } }`.
 */
import { z } from 'zod';
import { config } from './config';
import { databaseInputError } from './db';

import type { FieldErrors } from '../rules/field-errors';

export type { FieldErrors };

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

/**
 * Text the database and every screen can hold, decided once for every field: a NUL character or an
 * unpaired UTF-16 surrogate is refused (422 naming the field), never stripped, since neither belongs
 * in anything a person types.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is the point
const UNSAFE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const MAX_DEPTH = 32;

/** True when a string holds a NUL or an unpaired surrogate. */
export function isUnsafeText(value: string): boolean {
  return UNSAFE_TEXT.test(value);
}

/** The field errors for unsafe text anywhere in a parsed body or query (keys included), and for nesting too deep to be input. */
export function unsafeTextErrors(value: unknown, path = '', errors: FieldErrors = {}, depth = 0): FieldErrors {
  const field = path || 'body';
  if (typeof value === 'string') {
    if (isUnsafeText(value)) errors[field] = [`The ${FIELD_LABEL(field)} field contains characters that are not allowed.`];
  } else if (value && typeof value === 'object' && !(value instanceof Blob)) {
    if (depth >= MAX_DEPTH) {
      errors[field] = [`The ${FIELD_LABEL(field)} field is nested too deeply.`];
      return errors;
    }
    for (const [key, inner] of Object.entries(value)) {
      if (isUnsafeText(key)) {
        errors[field] = [`The ${FIELD_LABEL(field)} field has a key with characters that are not allowed.`];
        continue;
      }
      unsafeTextErrors(inner, path ? `${path}.${key}` : key, errors, depth + 1);
    }
  }
  return errors;
}

/** Throws the 422 for unsafe text in a parsed body or query. */
export function assertSafeText(value: unknown): void {
  const errors = unsafeTextErrors(value);
  if (Object.keys(errors).length) throw fieldErrors(errors);
}

/** Bodies larger than this are refused before they are read (uploads stream through their own reader). */
export const MAX_JSON_BODY_BYTES = 2 * 1024 * 1024;
export const MAX_FORM_BODY_BYTES = 25 * 1024 * 1024;

const unreadable = (message: string) => new HttpError(422, message, { body: [message] });

/** The media type of the request without its parameters, lower-cased ('' when there is none). */
export function mediaType(request: Request): string {
  return (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
}

/** Reads the body as text, refusing more than `limit` bytes with a 413 before or while reading it. */
async function readText(request: Request, limit: number): Promise<string> {
  const tooLarge = () => new HttpError(413, `The request body must not be larger than ${Math.round(limit / 1024 / 1024)} MB.`);
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > limit) throw tooLarge();
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        void reader.cancel().catch(() => undefined);
        throw tooLarge();
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw unreadable('The request body could not be read.');
  }
  return new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks));
}

/**
 * Reads the request body as a plain object, by its Content-Type: JSON (also text/plain and no type, as
 * beacons and plain fetches send it), or urlencoded/multipart form data. Anything else is a 415; a body
 * that is not an object, malformed, too deep or holding unsafe text is a 422; too large a 413.
 */
export async function readBody(request: Request): Promise<Record<string, unknown>> {
  const type = mediaType(request);
  let body: unknown;
  if (type === '' || type === 'text/plain' || type === 'application/json' || type.endsWith('+json')) {
    const text = await readText(request, MAX_JSON_BODY_BYTES);
    if (!text.trim()) return {};
    try {
      body = JSON.parse(text);
    } catch {
      throw unreadable('The request body must be valid JSON.');
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw unreadable('The request body must be a JSON object.');
  } else if (type === 'application/x-www-form-urlencoded' || type === 'multipart/form-data') {
    if (Number(request.headers.get('content-length') ?? 0) > MAX_FORM_BODY_BYTES) throw new HttpError(413, 'The request body is too large.');
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      throw unreadable(type === 'multipart/form-data' ? 'The request body must be valid multipart form data.' : 'The request body must be valid form data.');
    }
    const out: Record<string, unknown> = {};
    for (const [k, v] of form.entries()) out[k] = v;
    body = out;
  } else {
    throw new HttpError(415, 'Unsupported Media Type. Send application/json, application/x-www-form-urlencoded or multipart/form-data.', {
      body: ['The request body must be JSON or form data.'],
    });
  }
  assertSafeText(body);
  return body as Record<string, unknown>;
}

/** Parses the body with a schema. */
export async function parseBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  return validate(schema, await readBody(request));
}

/** Parses the query string with a schema. */
export function parseQuery<S extends z.ZodType>(url: URL, schema: S): z.infer<S> {
  const query = Object.fromEntries(url.searchParams.entries());
  assertSafeText(query);
  return validate(schema, query);
}

/** Parses a route id parameter; anything but a positive integer is a 404. */
export function idParam(value: string | undefined): number {
  if (!value || !/^\d{1,10}$/.test(value)) throw notFound();
  const n = Number(value);
  if (n < 1 || n > 2_147_483_647) throw notFound();
  return n;
}

/** The JSON answer for any error: HttpError as written, bad input the database refused as a 422, anything else a 500 without its text. */
export function errorResponse(error: unknown): Response {
  if (error instanceof HttpError) {
    const body = error.body ?? { message: error.message, ...(error.errors ? { errors: error.errors } : {}) };
    return json(body, error.status, error.headers ?? {});
  }
  if (error instanceof z.ZodError) return errorResponse(validationError(error));
  // A body stopped at its limit by the HTTP server (server/body-limits.mjs), which answers the 413 itself.
  if (error instanceof Error && error.name === 'BodyTooLarge') return json({ message: error.message }, 413);
  const input = databaseInputError(error);
  if (input) return errorResponse(input.status === 404 ? notFound() : fieldError(input.field, input.message));
  console.error('[cuepoint] unexpected error', error);
  return json({ message: 'Server Error' }, 500);
}

/**
 * True when a browser request that carries our cookies comes from our own pages (the CSRF check): its
 * Origin is ours, or, without an Origin, the browser does not call it cross-site. A request with neither
 * header is not a browser acting with a visitor's cookies behind their back.
 */
export function sameOrigin(request: Request, url: URL): boolean {
  const origin = request.headers.get('origin');
  if (origin) return origin === url.origin || origin === new URL(config().appUrl).origin;
  const site = request.headers.get('sec-fetch-site');
  return site === null || site === 'same-origin' || site === 'none';
}
