import { atom } from 'nanostores';
import { TOAST_TIMEOUT_MS } from '../constants';

export type ToastKind = 'success' | 'error';

export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
  /** Optional bold first line, e.g. 'Email not found in RSS'. */
  title?: string;
  /** Milliseconds before it dismisses itself; 0 keeps it until dismissed. */
  timeout: number;
}

export interface ToastOptions {
  title?: string;
  /** Defaults to 4500 ms (core §9). */
  timeout?: number;
}

/** The toasts on screen, oldest first. Read with useStore; change only through `toast` and `dismissToast`. */
export const $toasts = atom<Toast[]>([]);

/** How many open dialogs show the toasts inside themselves (the page's stack stays empty meanwhile: one copy on screen). */
export const $dialogToasters = atom(0);

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

/** Removes one toast (and its timer). */
export function dismissToast(id: number): void {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}

/** Removes every toast. */
export function clearToasts(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  $toasts.set([]);
}

/** Shows a toast of a kind and returns its id; it dismisses itself after its timeout. */
export function showToast(kind: ToastKind, text: string, options: ToastOptions = {}): number {
  const id = nextId++;
  const timeout = options.timeout ?? TOAST_TIMEOUT_MS;
  const item: Toast = { id, kind, text, timeout };
  if (options.title !== undefined) item.title = options.title;
  $toasts.set([...$toasts.get(), item]);
  if (timeout > 0)
    timers.set(
      id,
      setTimeout(() => dismissToast(id), timeout),
    );
  return id;
}

/** Shortcuts: `toast.success('Saved')`, `toast.error(message, { title, timeout })`. */
export const toast = {
  success: (text: string, options?: ToastOptions): number => showToast('success', text, options),
  error: (text: string, options?: ToastOptions): number => showToast('error', text, options),
};
