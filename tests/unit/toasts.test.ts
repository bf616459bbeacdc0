import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $toasts, clearToasts, dismissToast, toast } from '~/lib/stores/toasts';

describe('toasts: success and error, 4.5 s (core §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    clearToasts();
  });
  afterEach(() => vi.useRealTimers());

  it('adds success and error toasts in order', () => {
    toast.success('Saved');
    toast.error('Could not establish redirect.');
    expect($toasts.get().map((t) => [t.kind, t.text])).toEqual([
      ['success', 'Saved'],
      ['error', 'Could not establish redirect.'],
    ]);
  });

  it('dismisses itself after exactly 4500 ms', () => {
    toast.success('Redirect established!');
    vi.advanceTimersByTime(4499);
    expect($toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($toasts.get()).toHaveLength(0);
  });

  it('takes a title and a longer timeout (10 s for "Email not found in RSS")', () => {
    toast.error('No email.', { title: 'Email not found in RSS', timeout: 10_000 });
    expect($toasts.get()[0]?.title).toBe('Email not found in RSS');
    vi.advanceTimersByTime(9999);
    expect($toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($toasts.get()).toHaveLength(0);
  });

  it('can be dismissed early', () => {
    const id = toast.error('x');
    toast.success('y');
    dismissToast(id);
    expect($toasts.get().map((t) => t.text)).toEqual(['y']);
  });
});
