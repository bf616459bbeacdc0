/** A small HTTP client for API tests: JSON in, status and JSON out. */
import { testServer } from './test-server';

export interface CallResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface CallOptions {
  token?: string | null;
  body?: unknown;
  form?: Record<string, string>;
  headers?: Record<string, string>;
  raw?: string;
}

/** Calls the running server. */
export async function call<T = any>(method: string, path: string, options: CallOptions = {}): Promise<CallResult<T>> {
  const { baseUrl } = await testServer();
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  let body: string | undefined;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  } else if (options.raw !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = options.raw;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body, redirect: 'manual' });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON (a page)
  }
  return { status: response.status, body: parsed as T, headers: response.headers };
}

/** Fetches a page (following nothing) with a session cookie, like a browser would. */
export async function page(path: string, cookie?: string): Promise<{ status: number; location: string | null; html: string; setCookie: string[] }> {
  const { baseUrl } = await testServer();
  const response = await fetch(`${baseUrl}${path}`, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
  return { status: response.status, location: response.headers.get('location'), html: await response.text(), setCookie: response.headers.getSetCookie() };
}
