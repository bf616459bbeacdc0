/** Raw HTTP for the security tests: any method, headers and body, nothing followed, cookies and headers kept. */
import { testServer } from './test-server';

export interface RawResult {
  status: number;
  headers: Headers;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: a test reads whatever JSON the server answered
  json: any;
  /** Set-Cookie lines by cookie name. */
  cookies: Record<string, string>;
  location: string | null;
}

export interface RawOptions {
  headers?: Record<string, string>;
  body?: string | URLSearchParams | FormData | Uint8Array;
  /** A JSON body (sets the content type). */
  json?: unknown;
  /** A form body (application/x-www-form-urlencoded). */
  form?: Record<string, string>;
}

/** Sends one request to the running server. */
export async function raw(method: string, path: string, options: RawOptions = {}): Promise<RawResult> {
  const { baseUrl } = await testServer();
  const headers: Record<string, string> = { ...options.headers };
  let body = options.body;
  if (options.json !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers['content-type'] ??= 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  }
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body: body as BodyInit | undefined, redirect: 'manual' });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // a page
  }
  const cookies: Record<string, string> = {};
  for (const line of response.headers.getSetCookie()) cookies[line.slice(0, line.indexOf('='))] = line;
  return { status: response.status, headers: response.headers, text, json, cookies, location: response.headers.get('location') };
}

/** The value of a Set-Cookie line. */
export const cookieValue = (line: string | undefined) => (line ? decodeURIComponent(line.slice(line.indexOf('=') + 1).split(';')[0]!) : undefined);

/** A Cookie header from Set-Cookie lines (and extra name=value pairs). */
export function cookieHeader(lines: Record<string, string>, extra: Record<string, string> = {}): string {
  const pairs = Object.entries(lines).map(([name, line]) => `${name}=${cookieValue(line)}`);
  for (const [k, v] of Object.entries(extra)) pairs.push(`${k}=${v}`);
  return pairs.join('; ');
}

/** The server's own origin (what a browser sends as Origin from our pages). */
export async function ourOrigin(): Promise<string> {
  return (await testServer()).baseUrl;
}
