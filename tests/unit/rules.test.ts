import { describe, expect, it } from 'vitest';
import { isValidMoneyInput, moneyInputText, parseMoneyInput } from '~/lib/rules/money-input';
import { clampRange } from '~/lib/rules/range-slider';
import { addDays, addMonthsToDay, isDay, weekday } from '~/lib/slots';
import { isChunkLoadError, shouldReloadForChunkError } from '~/lib/rules/chunk-reload';
import { errorStatus, shouldReportError, shouldReportErrorOf } from '~/lib/rules/error-reporting';
import { clampRating, ratingLabel } from '~/lib/rules/rating';
import { adCircles, initials, moreLabel } from '~/lib/rules/ad-circles';
import { CHUNK_RELOAD_STORAGE_KEY, installChunkReload, reloadForChunkError, type ChunkReloadTarget } from '~/lib/chunk-reload';

describe('money input: positive, 9 integer digits and 2 decimals (core §5)', () => {
  it('keeps digits and one point', () => {
    expect(parseMoneyInput('1234.50')).toEqual({ text: '1234.50', cents: 123450, valid: true });
    expect(parseMoneyInput('$1,234.5')).toEqual({ text: '1234.5', cents: 123450, valid: true });
    expect(parseMoneyInput('12.3.4').text).toBe('12.34');
    expect(parseMoneyInput('abc')).toEqual({ text: '', cents: null, valid: false });
  });
  it('is positive only', () => {
    expect(parseMoneyInput('-5').text).toBe('5');
    expect(parseMoneyInput('0').valid).toBe(false);
    expect(parseMoneyInput('0.00').valid).toBe(false);
    expect(parseMoneyInput('0.01')).toEqual({ text: '0.01', cents: 1, valid: true });
  });
  it('allows up to 9 integer digits', () => {
    expect(parseMoneyInput('123456789').text).toBe('123456789');
    expect(parseMoneyInput('1234567890').text).toBe('123456789');
    expect(parseMoneyInput('999999999.99').cents).toBe(99_999_999_999);
  });
  it('allows up to 2 decimals', () => {
    expect(parseMoneyInput('1.234').text).toBe('1.23');
    expect(parseMoneyInput('1.').text).toBe('1.');
    expect(parseMoneyInput('.5')).toEqual({ text: '0.5', cents: 50, valid: true });
    expect(parseMoneyInput('007.10').text).toBe('7.10');
  });
  it('whole-number variant: 6 integer digits, no decimals', () => {
    expect(parseMoneyInput('123456', { whole: true })).toEqual({ text: '123456', cents: 12_345_600, valid: true });
    expect(parseMoneyInput('1234567', { whole: true }).text).toBe('123456');
    expect(parseMoneyInput('12.5', { whole: true }).text).toBe('12');
    expect(parseMoneyInput('12.', { whole: true }).text).toBe('12');
  });
  it('formats cents for the input and validates complete text', () => {
    expect(moneyInputText(12345)).toBe('123.45');
    expect(moneyInputText(12300)).toBe('123');
    expect(moneyInputText(12345, { whole: true })).toBe('123');
    expect(moneyInputText(null)).toBe('');
    expect(isValidMoneyInput('123456789.99')).toBe(true);
    expect(isValidMoneyInput('1234567890')).toBe(false);
    expect(isValidMoneyInput('1.999')).toBe(false);
    expect(isValidMoneyInput('123456', { whole: true })).toBe(true);
    expect(isValidMoneyInput('1234567', { whole: true })).toBe(false);
    expect(isValidMoneyInput('1.5', { whole: true })).toBe(false);
    expect(isValidMoneyInput('0')).toBe(false);
  });
});

describe('range slider (core §5)', () => {
  const opts = { min: 0, max: 100 };
  it('clamps both values between min and max', () => {
    expect(clampRange([-10, 150], opts)).toEqual([0, 100]);
    expect(clampRange([20, 60], opts)).toEqual([20, 60]);
  });
  it('never lets the upper value fall below the lower', () => {
    expect(clampRange([70, 40], opts)).toEqual([70, 70]);
  });
  it('snaps the upper value to max when one step below it (default step 1)', () => {
    expect(clampRange([0, 99], opts)).toEqual([0, 100]);
    expect(clampRange([0, 98], opts)).toEqual([0, 98]);
    expect(clampRange([0, 95], { min: 0, max: 100, step: 5 })).toEqual([0, 100]);
    expect(clampRange([0, 90], { min: 0, max: 100, step: 5 })).toEqual([0, 90]);
    expect(clampRange([99, 99], opts)).toEqual([99, 100]);
  });
  it('treats NaN as the ends', () => {
    expect(clampRange([Number.NaN, Number.NaN], opts)).toEqual([0, 100]);
  });
});

describe('calendar days (lib/slots)', () => {
  it('does day arithmetic without time zones', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addMonthsToDay('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonthsToDay('2024-01-15', -1)).toBe('2023-12-15');
    expect(weekday('2024-03-05')).toBe(2);
    expect(isDay('2024-02-30')).toBe(false);
    expect(isDay('2024-02-29')).toBe(true);
  });
});

describe('rating widget 0 to 5 (core §3)', () => {
  it('clamps to whole numbers 0-5', () => {
    expect(clampRating(-1)).toBe(0);
    expect(clampRating(7)).toBe(5);
    expect(clampRating(3.6)).toBe(4);
    expect(clampRating(null)).toBe(0);
    expect(ratingLabel(0)).toBe('No rating');
    expect(ratingLabel(1)).toBe('1 star');
    expect(ratingLabel(5)).toBe('5 stars');
  });
});

describe('ad circles: at most 3 and a +n counter (core §9)', () => {
  it('shows 3 and counts the rest', () => {
    expect(adCircles([1, 2, 3, 4, 5])).toEqual({ visible: [1, 2, 3], more: 2 });
    expect(adCircles([1, 2, 3])).toEqual({ visible: [1, 2, 3], more: 0 });
    expect(adCircles([1])).toEqual({ visible: [1], more: 0 });
    expect(moreLabel(2)).toBe('+2');
    expect(initials('Host-Read')).toBe('HR');
  });
});

describe('error reporting skips 401 and 422 (core §8)', () => {
  it('decides by status', () => {
    expect(shouldReportError(401)).toBe(false);
    expect(shouldReportError(422)).toBe(false);
    expect(shouldReportError(500)).toBe(true);
    expect(shouldReportError(403)).toBe(true);
    expect(shouldReportError(undefined)).toBe(true);
  });
  it('reads the status of ofetch errors', () => {
    expect(errorStatus({ status: 422 })).toBe(422);
    expect(errorStatus({ response: { status: 401 } })).toBe(401);
    expect(errorStatus(new Error('x'))).toBeUndefined();
    expect(shouldReportErrorOf({ statusCode: 401 })).toBe(false);
    expect(shouldReportErrorOf(new TypeError('boom'))).toBe(true);
  });
});

describe('route chunk-load failure reloads at most once a day (core §9)', () => {
  const DAY = 86_400_000;
  it('decides from the last reload time', () => {
    expect(shouldReloadForChunkError(null, 1_000)).toBe(true);
    expect(shouldReloadForChunkError(0, DAY - 1)).toBe(false);
    expect(shouldReloadForChunkError(0, DAY)).toBe(true);
    expect(shouldReloadForChunkError(5 * DAY, DAY)).toBe(true);
  });
  it('recognises chunk-load errors', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/_astro/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /_astro/x.css'))).toBe(true);
    expect(isChunkLoadError(new Error('Network down'))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });

  function fakeWindow(stored: string | null = null) {
    const store = new Map<string, string>();
    if (stored !== null) store.set(CHUNK_RELOAD_STORAGE_KEY, stored);
    const listeners = new Map<string, (e: Event) => void>();
    let reloads = 0;
    const target: ChunkReloadTarget = {
      addEventListener: (t, l) => listeners.set(t, l),
      removeEventListener: (t) => listeners.delete(t),
      localStorage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v) },
      location: { reload: () => void reloads++ },
    };
    return { target, store, listeners, reloads: () => reloads };
  }

  it('reloads once, stores the time, and not again within a day', () => {
    const w = fakeWindow();
    expect(reloadForChunkError(w.target, 10 * DAY)).toBe(true);
    expect(w.store.get(CHUNK_RELOAD_STORAGE_KEY)).toBe(String(10 * DAY));
    expect(reloadForChunkError(w.target, 11 * DAY - 1)).toBe(false);
    expect(reloadForChunkError(w.target, 11 * DAY)).toBe(true);
    expect(w.reloads()).toBe(2);
  });

  it('listens to vite:preloadError and dynamic-import rejections', () => {
    const w = fakeWindow();
    const uninstall = installChunkReload(w.target);
    expect([...w.listeners.keys()].sort()).toEqual(['unhandledrejection', 'vite:preloadError']);
    let prevented = false;
    const reject = { reason: new Error('boom'), preventDefault: () => (prevented = true) } as unknown as Event;
    w.listeners.get('unhandledrejection')?.(reject);
    expect(w.reloads()).toBe(0);
    const chunk = {
      reason: new TypeError('Failed to fetch dynamically imported module: /x.js'),
      preventDefault: () => (prevented = true),
    } as unknown as Event;
    w.listeners.get('unhandledrejection')?.(chunk);
    expect(w.reloads()).toBe(1);
    expect(prevented).toBe(true);
    w.listeners.get('vite:preloadError')?.({ preventDefault() {} } as Event);
    expect(w.reloads()).toBe(1); // same day: no second reload
    uninstall();
    expect(w.listeners.size).toBe(0);
  });

  it('does nothing on the server', () => {
    expect(installChunkReload(undefined)).toBeTypeOf('function');
  });
});
