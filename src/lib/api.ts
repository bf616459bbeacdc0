/**
 * The browser's API client: bearer token from the cookie (refreshed when under 30 s remain), one
 * retry after a 401, and a logout to /login when the refresh fails. Errors arrive as ApiError with
 * the server's message and field errors.
 */
import { ofetch, type FetchResponse } from 'ofetch';
import { freshAccessToken, logout, refreshTokens } from './session';

import type { FieldErrors } from './rules/field-errors';

export type { FieldErrors };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldErrors = {},
  ) {
    super(message);
  }

  /** The first message of a field, as forms show it. */
  field(name: string): string | undefined {
    return this.errors[name]?.[0];
  }
}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  /** Skip the bearer token (the spec's guest calls). */
  guest?: boolean;
  /** Extra request headers (the hosting service names the podcast in X-Podcast-Id, hosting §7). */
  headers?: Record<string, string>;
}

function buildUrl(path: string, query?: ApiOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

function send(path: string, options: ApiOptions, token: string | null): Promise<FetchResponse<unknown>> {
  const headers: Record<string, string> = { ...options.headers, accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' };
  if (token && !options.guest) headers.authorization = `Bearer ${token}`;
  return ofetch.raw(buildUrl(path, options.query), {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    body: options.body as BodyInit | Record<string, unknown> | undefined,
    signal: options.signal,
    credentials: 'same-origin',
    retry: 0,
    ignoreResponseError: true,
  });
}

async function toError(response: FetchResponse<unknown>): Promise<ApiError> {
  const data = (response._data ?? {}) as { message?: string; errors?: FieldErrors };
  const fallback = response.status >= 500 ? 'Something went wrong on our side. Please try again.' : `Request failed (${response.status}).`;
  return new ApiError(response.status, data.message || fallback, data.errors ?? {});
}

/** Calls the API and answers the parsed JSON body. */
export async function api<T = unknown>(path: string, options: ApiOptions = {}): Promise<T> {
  const token = options.guest ? null : await freshAccessToken();
  let response = await send(path, options, token);
  if (response.status === 401 && !options.guest) {
    const refreshed = await refreshTokens(true).catch(() => false);
    if (!refreshed) {
      logout();
      throw await toError(response);
    }
    response = await send(path, options, await freshAccessToken());
    if (response.status === 401) {
      logout();
      throw await toError(response);
    }
  }
  // A sensitive action asked for a recent proof of who is at the keyboard (step-up): the dialog is
  // loaded and shown on demand, and the call is sent once more after it.
  const data = response._data as { error?: string; methods?: string[] } | undefined;
  if (response.status === 403 && data?.error === 'step_up_required' && !options.guest) {
    const { openStepUp } = await import('../islands/two-factor/StepUpPrompt');
    if (await openStepUp((data.methods ?? ['password']) as Parameters<typeof openStepUp>[0])) response = await send(path, options, await freshAccessToken());
    else throw new ApiError(403, 'Confirm it is you to continue: the change was not made.');
  }
  if (!response.ok) throw await toError(response);
  return response._data as T;
}
