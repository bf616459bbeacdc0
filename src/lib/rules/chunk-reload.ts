import { CHUNK_RELOAD_INTERVAL_MS } from '../constants';

/** A failed route chunk load reloads the page only when the last such reload is at least a day old (core §9). */
export function shouldReloadForChunkError(lastReloadAt: number | null | undefined, now: number): boolean {
  if (lastReloadAt === null || lastReloadAt === undefined || !Number.isFinite(lastReloadAt)) return true;
  // A timestamp in the future (clock changed) must not block reloads for ever.
  if (lastReloadAt > now) return true;
  return now - lastReloadAt >= CHUNK_RELOAD_INTERVAL_MS;
}

const CHUNK_ERROR_PATTERNS = [
  /failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /importing a module script failed/i,
  /unable to preload css/i,
  /loading (css )?chunk \S+ failed/i,
  /chunkloaderror/i,
];

/** True for the errors browsers and Vite raise when a lazily loaded chunk cannot be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  if (!error) return false;
  const name = (error as { name?: unknown }).name;
  const message = (error as { message?: unknown }).message;
  const text = `${typeof name === 'string' ? name : ''} ${typeof message === 'string' ? message : typeof error === 'string' ? error : ''}`;
  return CHUNK_ERROR_PATTERNS.some((re) => re.test(text));
}
