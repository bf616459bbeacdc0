/**
 * Automated ads' background work: every minute, impressions counted by measurement are marked and
 * billed; every day, shares whose adjustment window has passed are released; every ten minutes, hosted
 * episodes without markers (new uploads and imported back catalogue alike) get mid-roll suggestions
 * from their silences, a few at a time.
 */
import { registerSchedule } from '../jobs';
import { suggestPendingEpisodes } from './ad-markers';
import { billImpressions, markImpressions, releaseAdShares } from './impressions';

export const SETTLE_ADS_JOB = 'ads.settle';
export const RELEASE_SHARES_JOB = 'ads.release-shares';
export const SUGGEST_MARKERS_JOB = 'ads.suggest-markers';

/** Registers this work with the queue; boot (src/lib/server/runtime.ts) calls it once per process. */
export function registerAdJobs(): void {
  registerSchedule(SETTLE_ADS_JOB, '* * * * *', async () => {
    const impressions = await markImpressions();
    const billed = await billImpressions();
    if (impressions || billed) console.log(`[cuepoint] ads: ${impressions} impression(s), ${billed} cent(s) billed`);
  });

  // Once a day: each month's share is released on the first run after its 45-day adjustment window.
  registerSchedule(RELEASE_SHARES_JOB, '30 6 * * *', async () => {
    const released = await releaseAdShares();
    if (released) console.log(`[cuepoint] ads: ${released} cent(s) of podcaster shares released`);
  });

  registerSchedule(SUGGEST_MARKERS_JOB, '*/10 * * * *', async () => {
    await suggestPendingEpisodes(5);
  });
}
