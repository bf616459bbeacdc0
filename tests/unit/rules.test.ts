import { describe, expect, it } from 'vitest';
import { isValidMoneyInput, moneyInputText, parseMoneyInput } from '~/lib/rules/money-input';
import { clampRange } from '~/lib/rules/range-slider';
import { addDays, weekday } from '~/lib/slots';
import {
  addMonths,
  formatTime12,
  isDayDisabled,
  limitDates,
  monthGrid,
  parseDay,
  to12Hour,
  to24Hour,
  toggleDate,
  WEEK_STARTS_ON,
  WEEKDAY_SHORT,
} from '~/lib/rules/date-picker';
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

describe('date picker (core §5, §9)', () => {
  it('starts weeks on Sunday', () => {
    expect(WEEK_STARTS_ON).toBe(0);
    expect(WEEKDAY_SHORT[0]).toBe('Su');
    const march2024 = monthGrid(2024, 2); // March 1 2024 is a Friday
    expect(march2024[0]?.[0]).toEqual({ date: '2024-02-25', day: 25, inMonth: false });
    expect(march2024[0]?.[5]).toEqual({ date: '2024-03-01', day: 1, inMonth: true });
    expect(march2024).toHaveLength(6);
    expect(march2024.at(-1)?.at(-1)).toEqual({ date: '2024-04-06', day: 6, inMonth: false });
    for (const week of march2024) expect(new Date(`${week[0]?.date}T00:00:00Z`).getUTCDay()).toBe(0);
  });
  it('fits a February that starts on Sunday in 4 weeks', () => {
    const feb2026 = monthGrid(2026, 1);
    expect(feb2026).toHaveLength(4);
    expect(feb2026[0]?.[0]?.date).toBe('2026-02-01');
  });
  it('disables days outside optional min and max', () => {
    expect(isDayDisabled('2024-03-05')).toBe(false);
    expect(isDayDisabled('2024-03-04', { min: '2024-03-05' })).toBe(true);
    expect(isDayDisabled('2024-03-05', { min: '2024-03-05', max: '2024-03-05' })).toBe(false);
    expect(isDayDisabled('2024-03-06', { max: '2024-03-05T10:00:00Z' })).toBe(true);
  });
  it('trims extra dates past the multi-date limit', () => {
    expect(limitDates(['2024-01-01', '2024-01-02', '2024-01-03'], 2)).toEqual(['2024-01-01', '2024-01-02']);
    expect(limitDates(['2024-01-01', '2024-01-01'], 5)).toEqual(['2024-01-01']);
    expect(limitDates(['a', 'b', 'c'])).toEqual(['a', 'b', 'c']);
    expect(toggleDate(['2024-01-01', '2024-01-02'], '2024-01-03', 2)).toEqual(['2024-01-01', '2024-01-02']);
    expect(toggleDate(['2024-01-01', '2024-01-02'], '2024-01-01', 2)).toEqual(['2024-01-02']);
  });
  it('does day arithmetic without time zones', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2024-01-15', -1)).toBe('2023-12-15');
    expect(parseDay('2024-02-30')).toBeNull();
  });
  it('shows 12-hour time', () => {
    expect(to12Hour(0)).toEqual({ hour: 12, period: 'AM' });
    expect(to12Hour(12)).toEqual({ hour: 12, period: 'PM' });
    expect(to12Hour(15)).toEqual({ hour: 3, period: 'PM' });
    expect(to24Hour(12, 'AM')).toBe(0);
    expect(to24Hour(12, 'PM')).toBe(12);
    expect(to24Hour(3, 'PM')).toBe(15);
    expect(formatTime12('09:05')).toBe('9:05 AM');
    expect(formatTime12('23:30')).toBe('11:30 PM');
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

describe('date picker keyboard and time values', async () => {
  const { dayAfterKey, clampDay, splitDateTime, joinDateTime } = await import('~/lib/rules/date-picker');
  it('moves by day, week, week edges (Sunday first) and month', () => {
    const tue = '2024-03-05';
    expect(weekday(tue)).toBe(2);
    expect(dayAfterKey(tue, 'ArrowLeft')).toBe('2024-03-04');
    expect(dayAfterKey(tue, 'ArrowRight')).toBe('2024-03-06');
    expect(dayAfterKey(tue, 'ArrowUp')).toBe('2024-02-27');
    expect(dayAfterKey(tue, 'ArrowDown')).toBe('2024-03-12');
    expect(dayAfterKey(tue, 'Home')).toBe('2024-03-03');
    expect(dayAfterKey(tue, 'End')).toBe('2024-03-09');
    expect(dayAfterKey(tue, 'PageUp')).toBe('2024-02-05');
    expect(dayAfterKey(tue, 'PageDown', true)).toBe('2025-03-05');
    expect(dayAfterKey(tue, 'a')).toBeNull();
  });
  it('clamps into bounds and joins date and time', () => {
    expect(clampDay('2024-01-01', { min: '2024-02-01' })).toBe('2024-02-01');
    expect(clampDay('2024-12-01', { max: '2024-02-01' })).toBe('2024-02-01');
    expect(splitDateTime('2024-03-05T14:30')).toEqual({ day: '2024-03-05', time: '14:30' });
    expect(splitDateTime('2024-03-05')).toEqual({ day: '2024-03-05', time: '' });
    expect(joinDateTime('2024-03-05', '09:00')).toBe('2024-03-05T09:00');
  });
});
