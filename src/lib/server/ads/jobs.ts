/**
 * Automated ads' background work: every minute, impressions counted by measurement are marked and
 * billed, and shares whose adjustment window has passed are released; every ten minutes, hosted
 * episodes without markers (new uploads and imported back catalogue alike) get mid-roll suggestions
 * from their silences, a few at a time.
 */
import { registerSchedule } from '../jobs/queue';
import { suggestPendingEpisodes } from './ad-markers';
import { settleAds } from './impressions';

export const SETTLE_ADS_JOB = 'ads.settle';
export const SUGGEST_MARKERS_JOB = 'ads.suggest-markers';

registerSchedule(SETTLE_ADS_JOB, '* * * * *', async () => {
  const result = await settleAds();
  if (result.impressions || result.billed || result.released)
    console.log(`[cuepoint] ads: ${result.impressions} impression(s), ${result.billed} cent(s) billed, ${result.released} cent(s) released`);
});

registerSchedule(SUGGEST_MARKERS_JOB, '*/10 * * * *', async () => {
  await suggestPendingEpisodes(5);
});
