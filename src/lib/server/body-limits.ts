/**
 * How many bytes each request body may hold, decided before a byte of it is read; the HTTP server
 * (server/body-limits.mjs) stops every body at this limit while reading it, whatever Content-Length
 * says or leaves out, and answers 413 with nothing kept. The readers behind it (JSON, forms, multipart,
 * uploads, the demo host, the workroom messages) never see more.
 */
import { UPLOAD_CHUNK_SIZE_BYTES } from '../constants';
import { MAX_FORM_BODY_BYTES, MAX_JSON_BODY_BYTES } from './http';

const MB = 1024 * 1024;

/** A chunk of an upload (100 MB) and its multipart envelope. */
export const UPLOAD_BODY_BYTES = UPLOAD_CHUNK_SIZE_BYTES + MB;

/** Paths with their own limit, checked in order (method, path pattern, bytes). */
const OVERRIDES: [string, RegExp, number][] = [
  ['POST', /^\/api\/files\/?$/, UPLOAD_BODY_BYTES],
  // The attribution beacon's own reader refuses more than 2 KB with its message; nothing bigger is read.
  ['POST', /^\/api\/attribution\/collect\/?$/, 64 * 1024],
  // The demo host's settings form: a code and an address.
  ['*', /^\/feeds\//, 16 * 1024],
  ['*', /^\/(e|media)\//, 16 * 1024],
];

/**
 * The most bytes a request's body may hold: an upload chunk for POST /api/files, multipart forms (a
 * message with attachments, an avatar) 25 MB, everything else (JSON, text, urlencoded forms) 2 MB.
 */
export function requestBodyLimit(method: string, path: string, contentType: string): number {
  for (const [m, pattern, bytes] of OVERRIDES) if ((m === '*' || m === method.toUpperCase()) && pattern.test(path)) return bytes;
  return contentType.toLowerCase().trimStart().startsWith('multipart/form-data') ? MAX_FORM_BODY_BYTES : MAX_JSON_BODY_BYTES;
}

/** The 413 sentence for a limit ("at most 2 MB"). */
export function bodyTooLargeMessage(limit: number): string {
  const size = limit >= MB ? `${Math.round(limit / MB)} MB` : `${Math.round(limit / 1024)} KB`;
  return `The request body is too large: this address takes at most ${size}.`;
}
