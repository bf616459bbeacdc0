import { describe, expect, it } from 'vitest';
import { canFinishMigration, nextBarPercent, nextPollDelay, onboardingScreen } from '../../src/islands/hosting/onboarding-state';
import { parseDuration, parseExplicit } from '../../src/lib/server/hosting/read-feed-episodes';
import { resolveRange } from '../../src/lib/server/byte-range';

const NOW = Date.parse('2025-03-01T12:00:00Z');
const base = { redirecting_at: null, is_completed: false, settings: {} } as const;

describe('onboardingScreen', () => {
  it('follows the statuses of hosting §2 and §4', () => {
    expect(onboardingScreen({ ...base, migration_status: 'pending' }, false, NOW)).toBe('wizard');
    expect(onboardingScreen({ ...base, migration_status: 'in-progress' }, false, NOW)).toBe('migrating');
    expect(onboardingScreen({ ...base, migration_status: 'stale' }, false, NOW)).toBe('stale');
    expect(onboardingScreen({ ...base, migration_status: 'completed' }, false, NOW)).toBe('redirect');
    const redirecting = { ...base, migration_status: 'completed' as const, redirecting_at: '2025-03-01T00:00:00Z' };
    expect(onboardingScreen(redirecting, false, NOW)).toBe('payouts');
    expect(onboardingScreen({ ...redirecting, settings: { payouts_skipped: true } }, false, NOW)).toBe('all-set');
    expect(onboardingScreen(redirecting, true, NOW)).toBe('all-set');
    expect(onboardingScreen({ ...base, migration_status: 'failed' }, true, NOW)).toBe('failed');
  });

  it('counts a redirect for 2 days only', () => {
    const old = { ...base, migration_status: 'completed' as const, redirecting_at: '2025-02-26T12:00:00Z' };
    expect(onboardingScreen(old, true, NOW)).toBe('redirect');
  });
});

describe('progress, Finish and polling rules', () => {
  it('animates below 99 and jumps at 99 or more', () => {
    expect(nextBarPercent(10, 50)).toBeGreaterThan(10);
    expect(nextBarPercent(10, 50)).toBeLessThan(50);
    expect(nextBarPercent(40, 99)).toBe(99);
    expect(nextBarPercent(40, 100)).toBe(100);
    expect(nextBarPercent(49, 50)).toBe(50);
  });

  it('enables Finish only with MIGRATION, the DAI box, no submit and a category when needed', () => {
    const ok = { word: 'MIGRATION', daiDisabled: true, submitting: false, needsCategory: false, categoryId: null };
    expect(canFinishMigration(ok)).toBe(true);
    expect(canFinishMigration({ ...ok, word: 'migration' })).toBe(false);
    expect(canFinishMigration({ ...ok, daiDisabled: false })).toBe(false);
    expect(canFinishMigration({ ...ok, submitting: true })).toBe(false);
    expect(canFinishMigration({ ...ok, needsCategory: true })).toBe(false);
    expect(canFinishMigration({ ...ok, needsCategory: true, categoryId: 3 })).toBe(true);
  });

  it('grows the verification poll by 200 ms or 2 s', () => {
    expect(nextPollDelay(2000, 'unverified')).toBe(2200);
    expect(nextPollDelay(2200, 'failed')).toBe(4200);
  });
});

describe('feed and media helpers', () => {
  it('reads itunes:duration and explicit in their real-world forms', () => {
    expect(parseDuration('1:04:09')).toBe(3849);
    expect(parseDuration('31:42')).toBe(1902);
    expect(parseDuration('1728')).toBe(1728);
    expect(parseDuration('abc')).toBeNull();
    // Fractional seconds, as some hosts write them, are rounded (an add-podcast of such a feed answered 500).
    expect(parseDuration('1014.708375')).toBe(1015);
    expect(parseDuration('01:02:03.5')).toBe(3724);
    expect(parseDuration('1:2:3:4')).toBeNull();
    expect(parseDuration('')).toBeNull();
    expect(parseExplicit('Yes')).toBe(true);
    expect(parseExplicit('No')).toBe(false);
    expect(parseExplicit('true')).toBe(true);
  });

  it('parses byte ranges', () => {
    expect(resolveRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(resolveRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(resolveRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(resolveRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(resolveRange('items=0-1', 100)).toBeNull();
  });
});
