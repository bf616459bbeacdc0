import { isChunkLoadError, shouldReloadForChunkError } from './rules/chunk-reload';

/** localStorage key holding the time (ms) of the last reload caused by a failed chunk load. */
export const CHUNK_RELOAD_STORAGE_KEY = 'cuepoint:chunk-reload-at';

/** The parts of `window` the listener needs (injectable for tests). */
export interface ChunkReloadTarget {
  addEventListener(type: string, listener: (event: Event) => void): void;
  removeEventListener(type: string, listener: (event: Event) => void): void;
  localStorage: Pick<Storage, 'getItem' | 'setItem'>;
  location: { reload(): void };
}

function readLast(storage: ChunkReloadTarget['localStorage']): number | null {
  try {
    const raw = storage.getItem(CHUNK_RELOAD_STORAGE_KEY);
    const n = raw === null ? NaN : Number(raw);
    return Number.isFinite(n) ? n : null;
  } catch {
    return null;
  }
}

/**
 * Reloads the page after a failed chunk load (a deploy replaced the hashed files), at most
 * once a day; returns true when it reloaded. Without storage it never reloads, to avoid loops.
 */
export function reloadForChunkError(target: ChunkReloadTarget, now: number = Date.now()): boolean {
  if (!shouldReloadForChunkError(readLast(target.localStorage), now)) return false;
  try {
    target.localStorage.setItem(CHUNK_RELOAD_STORAGE_KEY, String(now));
  } catch {
    return false;
  }
  target.location.reload();
  return true;
}

/**
 * Installs the listeners: Vite's `vite:preloadError` and unhandled rejections of dynamic
 * imports. Call once from the shell (`installChunkReload()` in a client script); returns an uninstall function.
 */
export function installChunkReload(target: ChunkReloadTarget | undefined = typeof window === 'undefined' ? undefined : window): () => void {
  if (!target) return () => {};
  const onPreloadError = (event: Event) => {
    if (reloadForChunkError(target)) event.preventDefault();
  };
  const onRejection = (event: Event) => {
    const reason = (event as PromiseRejectionEvent).reason;
    if (isChunkLoadError(reason) && reloadForChunkError(target)) event.preventDefault();
  };
  target.addEventListener('vite:preloadError', onPreloadError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('vite:preloadError', onPreloadError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
