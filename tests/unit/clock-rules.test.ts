/**
 * The clock-dependent rules under each of the four test clocks (issue 35): a Monday, a Thursday, the last
 * day of a month and 30 seconds before a UTC midnight. Each rule is read against the instant it is given
 * (or, for the rules that ask the product's clock, against TEST_CLOCK set to that instant), and what it
 * answers is derived from that instant, so the same assertions hold on every day the suite runs.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { daysBetween, lastDays, shiftDay } from '../../src/lib/analytics-types';
import { addDays, dayIn, firstUpcomingDay, scheduledDays, weekday } from '../../src/lib/slots';
import { TEST_CLOCKS } from '../support/clock';

const DAY_MS = 86_400_000;
const utcDay = (at: Date) => at.toISOString().slice(0, 10);

describe.each(Object.entries(TEST_CLOCKS))('under the %s clock (%s)', (_name, iso) => {
  const now = new Date(iso);
  const today = utcDay(now);
  const tomorrow = addDays(today, 1);

  // The product's own clock, read with TEST_CLOCK set to this instant (a fresh module graph: the
  // configuration is read once per graph).
  let clock: typeof import('../../src/lib/server/clock');
  let campaignInput: typeof import('../../src/lib/server/campaigns/campaign-input');
  let episodeStatus: typeof import('../../src/lib/server/hosting/episode-status');
  let manualStats: typeof import('../../src/lib/server/measurement/manual-stats/manual-stats');
  const saved = { TEST_CLOCK: process.env.TEST_CLOCK, APP_ENV: process.env.APP_ENV };
  beforeAll(async () => {
    process.env.TEST_CLOCK = iso;
    process.env.APP_ENV = 'test';
    vi.resetModules();
    clock = await import('../../src/lib/server/clock');
    campaignInput = await import('../../src/lib/server/campaigns/campaign-input');
    episodeStatus = await import('../../src/lib/server/hosting/episode-status');
    manualStats = await import('../../src/lib/server/measurement/manual-stats/manual-stats');
  });
  afterAll(() => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    vi.resetModules();
  });

  it('the product reads TEST_CLOCK as now, in every zone', () => {
    expect(clock.now().toISOString()).toBe(now.toISOString());
    expect(clock.today()).toBe(today);
    expect(clock.today('Pacific/Kiritimati')).toBe(dayIn(now, 'Pacific/Kiritimati'));
    // UTC+14 is always ahead of UTC by at least the day; UTC-10 never is.
    expect(clock.today('Pacific/Kiritimati') >= today).toBe(true);
    expect(clock.today('Pacific/Honolulu') <= today).toBe(true);
  });

  it('slots: the calendar starts on the show’s own today, and a weekly day comes back within a week', () => {
    for (const zone of ['UTC', 'America/Los_Angeles', 'Asia/Tokyo', 'Pacific/Kiritimati']) {
      const first = firstUpcomingDay(now, zone);
      expect(first).toBe(dayIn(now, zone));
      // A schedule on the weekday of that day starts on that day; on the next weekday, the day after
      // (across a month's end on the month-end clock).
      const on = (day: string) => ({ days: [weekday(day)], frequency: 1, start_from: '2025-01-01' });
      expect(scheduledDays(on(first), first, 1)[0]).toBe(first);
      expect(scheduledDays(on(addDays(first, 1)), first, 1)[0]).toBe(addDays(first, 1));
    }
    expect(tomorrow.slice(0, 7) === today.slice(0, 7)).toBe(_name !== 'month-end');
  });

  it('air dates: a campaign’s delivery date must be after today', () => {
    const dateField = campaignInput.tabSchemas.budget.shape.delivery_date;
    expect(dateField.safeParse(today).success).toBe(false);
    expect(dateField.safeParse(addDays(today, -1)).success).toBe(false);
    expect(dateField.safeParse(tomorrow).success).toBe(true);
  });

  it('scheduled episodes: published from their instant on, scheduled a second before', () => {
    const at = (ms: number) => ({ status: 'current' as const, published_at: new Date(now.getTime() + ms) });
    expect(episodeStatus.episodeState(at(1000))).toBe('scheduled');
    expect(episodeStatus.episodeState(at(0))).toBe('published');
    expect(episodeStatus.episodeState(at(-1000))).toBe('published');
    expect(episodeStatus.episodeState({ status: 'draft', published_at: now })).toBe('draft');
  });

  it('expiry: self-reported stats expire 90 days after they were sent', () => {
    const sent = (ms: number) => ({ is_expired: false, created_at: new Date(now.getTime() - ms) });
    expect(manualStats.isManualStatsExpired(sent(manualStats.MANUAL_STATS_VALID_DAYS * DAY_MS))).toBe(false);
    expect(manualStats.isManualStatsExpired(sent(manualStats.MANUAL_STATS_VALID_DAYS * DAY_MS + 1000))).toBe(true);
    expect(manualStats.isManualStatsExpired({ is_expired: true, created_at: now })).toBe(true);
  });

  it('measurement days: the last 30 days end on the clock’s UTC day, 30 of them', () => {
    const range = lastDays(clock.today(), 30);
    expect(range).toEqual({ from: shiftDay(today, -29), to: today });
    const days = daysBetween(range.from, range.to);
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toBe(today);
    // 23:59:30 is still the same day; 30 s later it is the next one.
    expect(utcDay(new Date(now.getTime() + 30_000))).toBe(_name === 'before-midnight' ? tomorrow : today);
  });
});
