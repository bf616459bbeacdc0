import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addMonthsToDay,
  availableDays,
  calendarEnd,
  dayIn,
  dayNumber,
  dayString,
  deriveSlots,
  firstUpcomingDay,
  isDay,
  isScheduledDay,
  isTimeZone,
  localDay,
  monthWeeks,
  readSchedule,
  scheduledDays,
  weekday,
} from '../../src/lib/slots';

describe('day arithmetic', () => {
  it('knows real days, leap years included', () => {
    expect(isDay('2024-02-29')).toBe(true);
    expect(isDay('2023-02-29')).toBe(false);
    expect(isDay('1900-02-29')).toBe(false);
    expect(isDay('2000-02-29')).toBe(true);
    expect(isDay('2025-04-31')).toBe(false);
    expect(isDay('2025-4-3')).toBe(false);
    expect(isDay(20250403)).toBe(false);
  });

  it('counts weekdays from a Thursday epoch', () => {
    expect(weekday('1970-01-01')).toBe(4);
    expect(weekday('2024-02-29')).toBe(4);
    expect(weekday('2025-03-09')).toBe(0); // US DST starts that Sunday
    expect(weekday('1969-12-31')).toBe(3);
    expect(dayString(dayNumber('2024-12-31') + 1)).toBe('2025-01-01');
  });

  it('adds months keeping the day when the month has it', () => {
    expect(addMonthsToDay('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonthsToDay('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonthsToDay('2024-02-29', 12)).toBe('2025-02-28');
    expect(addMonthsToDay('2025-11-15', 2)).toBe('2026-01-15');
    expect(calendarEnd('2025-03-31')).toBe('2026-03-31');
  });

  it('lays a month out in weeks from Sunday', () => {
    // December 2026 starts on a Tuesday and has 31 days: 2 blanks, then 5 weeks
    const weeks = monthWeeks('2026-12');
    expect(weeks).toHaveLength(5);
    expect(weeks[0]).toEqual([null, null, '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05']);
    expect(weeks[4]).toEqual(['2026-12-27', '2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', null, null]);
    // February 2026 starts on a Sunday: exactly four full weeks
    expect(monthWeeks('2026-02').map((w) => w.filter(Boolean).length)).toEqual([7, 7, 7, 7]);
    expect(monthWeeks('2024-02').flat().filter(Boolean)).toHaveLength(29);
  });
});

describe('scheduled days', () => {
  it('a weekly Tuesday schedule gives every Tuesday for 12 months', () => {
    const days = scheduledDays({ days: [2], frequency: 1, start_from: '2025-01-01' }, '2025-01-01');
    expect(days[0]).toBe('2025-01-07');
    expect(days.every((d) => weekday(d) === 2)).toBe(true);
    expect(days).toHaveLength(52);
    expect(days.at(-1)! < '2026-01-01').toBe(true);
  });

  it('crosses month ends and the leap day', () => {
    const days = scheduledDays({ days: [4], frequency: 1, start_from: '2024-02-01' }, '2024-02-20', 1);
    expect(days).toEqual(['2024-02-22', '2024-02-29', '2024-03-07', '2024-03-14']);
  });

  it('every other week counts weeks from the week of start_from', () => {
    const s = { days: [1, 3], frequency: 2, start_from: '2025-03-05' }; // a Wednesday
    expect(isScheduledDay(s, '2025-03-03')).toBe(false); // before start_from
    expect(isScheduledDay(s, '2025-03-05')).toBe(true);
    expect(isScheduledDay(s, '2025-03-10')).toBe(false);
    expect(isScheduledDay(s, '2025-03-12')).toBe(false);
    expect(isScheduledDay(s, '2025-03-17')).toBe(true);
    expect(isScheduledDay(s, '2025-03-19')).toBe(true);
  });

  it('no days or no settings means no slots', () => {
    expect(scheduledDays(null, '2025-01-01')).toEqual([]);
    expect(scheduledDays({ days: [], frequency: 1, start_from: '2025-01-01' }, '2025-01-01')).toEqual([]);
  });

  describe('across daylight-saving changes in any zone', () => {
    afterEach(() => {
      vi.unstubAllEnvs();
    });
    for (const tz of ['America/New_York', 'Europe/Berlin', 'Australia/Sydney', 'UTC']) {
      it(`keeps Sundays on Sundays (${tz})`, () => {
        vi.stubEnv('TZ', tz);
        const days = scheduledDays({ days: [0], frequency: 1, start_from: '2025-03-01' }, '2025-03-01', 2);
        expect(days).toEqual(['2025-03-02', '2025-03-09', '2025-03-16', '2025-03-23', '2025-03-30', '2025-04-06', '2025-04-13', '2025-04-20', '2025-04-27']);
        const autumn = scheduledDays({ days: [0], frequency: 1, start_from: '2025-10-01' }, '2025-10-20', 1);
        expect(autumn).toEqual(['2025-10-26', '2025-11-02', '2025-11-09', '2025-11-16']);
      });
    }
  });
});

describe('deriveSlots', () => {
  const settings = { days: [2], frequency: 1, start_from: '2025-06-01' };

  it('gives a sponsorship and a host slot per scheduled day', () => {
    const slots = deriveSlots(settings, [], '2025-06-01', 1);
    expect(slots.filter((s) => s.date === '2025-06-03').map((s) => [s.type, s.status])).toEqual([
      ['host', 'available'],
      ['sponsorship', 'available'],
    ]);
    expect(slots).toHaveLength(8);
  });

  it('marks records unavailable or booked and lists bookings off the schedule', () => {
    const slots = deriveSlots(
      settings,
      [
        { id: 7, type: 'sponsorship', date: '2025-06-10', status: 'unavailable' },
        { id: 8, type: 'host', date: '2025-06-17', status: 'booked' },
        { id: null, type: 'host', date: '2025-06-05', status: 'booked' },
        { id: 9, type: 'host', date: '2024-06-05', status: 'booked' },
      ],
      '2025-06-01',
      1,
    );
    expect(slots.find((s) => s.date === '2025-06-10' && s.type === 'sponsorship')).toEqual({
      date: '2025-06-10',
      type: 'sponsorship',
      status: 'unavailable',
      id: 7,
    });
    expect(slots.find((s) => s.date === '2025-06-17' && s.type === 'host')?.status).toBe('booked');
    expect(slots.find((s) => s.date === '2025-06-05')?.status).toBe('booked');
    expect(slots.some((s) => s.date === '2024-06-05')).toBe(false);
    expect(availableDays(slots, 'sponsorship')).toEqual(['2025-06-03', '2025-06-17', '2025-06-24']);
  });
});

describe('readSchedule', () => {
  it('cleans what is stored', () => {
    expect(readSchedule({ days: [3, 1, 1, 9], frequency: 0, start_from: '2025-01-01' })).toEqual({ days: [1, 3], frequency: 1, start_from: '2025-01-01' });
    expect(readSchedule({ days: [1], frequency: 2, start_from: 'soon' })).toBeNull();
    expect(readSchedule(null)).toBeNull();
  });

  it('localDay reads the calendar day of the given zone', () => {
    expect(localDay(new Date(2024, 1, 29, 23, 59))).toBe('2024-02-29');
  });
});

describe('upcoming slots: until the day ends in the podcast’s time zone', () => {
  const mondayMorningUtc = new Date('2026-11-23T06:30:00Z');

  it('reads the calendar day of an instant in any IANA zone, across DST changes', () => {
    expect(dayIn(mondayMorningUtc, 'UTC')).toBe('2026-11-23');
    expect(dayIn(mondayMorningUtc, 'America/Los_Angeles')).toBe('2026-11-22');
    expect(dayIn(mondayMorningUtc, 'Asia/Tokyo')).toBe('2026-11-23');
    // 2026-03-08 02:00 is when New York springs forward: 06:59Z is 01:59 EST, 07:00Z is 03:00 EDT, same day.
    expect(dayIn(new Date('2026-03-08T04:59:00Z'), 'America/New_York')).toBe('2026-03-07');
    expect(dayIn(new Date('2026-03-08T07:00:00Z'), 'America/New_York')).toBe('2026-03-08');
    // The last minute of a day is still that day; the next one is not.
    expect(dayIn(new Date('2026-11-24T04:59:59Z'), 'America/Chicago')).toBe('2026-11-23');
    expect(dayIn(new Date('2026-11-24T06:00:00Z'), 'America/Chicago')).toBe('2026-11-24');
  });

  it('starts the calendar on the podcast’s own today, UTC when it has no valid zone', () => {
    expect(firstUpcomingDay(mondayMorningUtc, 'America/Los_Angeles')).toBe('2026-11-22');
    expect(firstUpcomingDay(mondayMorningUtc, 'Pacific/Kiritimati')).toBe('2026-11-23');
    expect(firstUpcomingDay(mondayMorningUtc, null)).toBe('2026-11-23');
    expect(firstUpcomingDay(mondayMorningUtc, 'Mars/Olympus')).toBe('2026-11-23');
    const schedule = { days: [1], frequency: 1, start_from: '2026-11-01' };
    // Monday's slot is upcoming all Monday long: from the podcast's today, inclusive.
    expect(scheduledDays(schedule, firstUpcomingDay(mondayMorningUtc, 'UTC'), 1)[0]).toBe('2026-11-23');
    expect(scheduledDays(schedule, firstUpcomingDay(new Date('2026-11-24T00:00:00Z'), 'UTC'), 1)[0]).toBe('2026-11-30');
    expect(scheduledDays(schedule, firstUpcomingDay(new Date('2026-11-24T00:00:00Z'), 'America/New_York'), 1)[0]).toBe('2026-11-23');
  });

  it('knows time zone names', () => {
    expect(isTimeZone('America/New_York')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone(42)).toBe(false);
  });
});
