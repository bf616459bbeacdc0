import { UNREPORTED_ERROR_STATUSES } from '../constants';

/** Error reporting ignores 401 and 422 failures (core §8); everything else, including no status, is reported. */
export function shouldReportError(status: number | null | undefined): boolean {
  return !(UNREPORTED_ERROR_STATUSES as readonly number[]).includes(status ?? -1);
}

/** The HTTP status carried by an error (ofetch's FetchError `status`/`statusCode`/`response.status`), if any. */
export function errorStatus(error: unknown): number | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const e = error as { status?: unknown; statusCode?: unknown; response?: { status?: unknown } };
  for (const s of [e.status, e.statusCode, e.response?.status]) {
    if (typeof s === 'number' && Number.isFinite(s)) return s;
  }
  return undefined;
}

/** Decides for an error object: false when it carries a 401 or a 422. */
export function shouldReportErrorOf(error: unknown): boolean {
  return shouldReportError(errorStatus(error));
}
