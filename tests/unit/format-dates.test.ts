/**
 * Dates on screens (issue 37, React error #418): an instant is written as its UTC date, so the server's
 * page and the browser's hydration agree in any time zone; formatLocal writes the reader's own day, for
 * after hydration only.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, formatLocal } from '../../src/lib/format/dates';

const zone = process.env.TZ;
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe('formatDate and formatLocal', () => {
  it('writes an instant late in a UTC day as that day, whatever the process time zone', () => {
    for (const tz of ['UTC', 'Pacific/Honolulu', 'Asia/Tokyo']) {
      process.env.TZ = tz;
      expect(formatDate('2026-11-23T23:30:00.000Z')).toBe('11/23/2026');
      expect(formatDate('2026-11-24T00:30:00.000Z', 'MMM D, YYYY')).toBe('Nov 24, 2026');
      // A calendar day is never shifted.
      expect(formatDate('2026-11-23')).toBe('11/23/2026');
    }
  });

  it('writes the reader’s own day with formatLocal', () => {
    process.env.TZ = 'Pacific/Honolulu';
    expect(formatLocal('2026-11-24T00:30:00.000Z', 'MMM D, YYYY h:mm A')).toBe('Nov 23, 2026 2:30 PM');
    process.env.TZ = 'Asia/Tokyo';
    expect(formatLocal('2026-11-23T23:30:00.000Z', 'MMM D, YYYY')).toBe('Nov 24, 2026');
  });

  it('answers an empty text for no date or an invalid one', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatLocal('')).toBe('');
  });
});
