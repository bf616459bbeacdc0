/** Which onboarding screen shows for a hosted podcast (hosting spec §2, §4), and the progress bar rule. */
import { isRedirecting } from '../../lib/hosting-rules';
import type { HostedPodcastPayload } from '../../lib/types';

export type OnboardingScreen = 'wizard' | 'migrating' | 'stale' | 'redirect' | 'payouts' | 'all-set' | 'failed';

/** The screen of the onboarding flow for this hosted podcast and user. */
export function onboardingScreen(
  hosted: Pick<HostedPodcastPayload, 'migration_status' | 'redirecting_at' | 'is_completed' | 'settings'>,
  hasPayouts: boolean,
  now: number = Date.now(),
): OnboardingScreen {
  switch (hosted.migration_status) {
    case 'pending':
      return 'wizard';
    case 'in-progress':
      return 'migrating';
    case 'stale':
      return 'stale';
    case 'completed':
    case 'skipped': {
      if (!isRedirecting(hosted.redirecting_at, now)) return 'redirect';
      if (!hasPayouts && hosted.settings?.payouts_skipped !== true) return 'payouts';
      if (!hosted.is_completed) return 'all-set';
      return 'failed';
    }
    default:
      return 'failed';
  }
}

/**
 * The next percent the bar shows on its way to `target`: it animates in small steps below 99 and
 * jumps straight to the target at 99 or more.
 */
export function nextBarPercent(shown: number, target: number): number {
  if (target >= 99 || target <= shown) return target;
  return Math.min(target, shown + Math.max(1, Math.ceil((target - shown) / 8)));
}

/** True when the typed word, the DAI checkbox, the submit state and the category allow Finish (hosting §5). */
export function canFinishMigration(input: {
  word: string;
  daiDisabled: boolean;
  submitting: boolean;
  needsCategory: boolean;
  categoryId: number | null;
}): boolean {
  return input.word === 'MIGRATION' && input.daiDisabled && !input.submitting && (!input.needsCategory || input.categoryId !== null);
}

/** The verification poll delay after a poll: +200 ms when it answered unverified, +2 s when it failed. */
export function nextPollDelay(delay: number, outcome: 'unverified' | 'failed'): number {
  return delay + (outcome === 'unverified' ? 200 : 2000);
}
