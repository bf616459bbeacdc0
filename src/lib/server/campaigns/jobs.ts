/**
 * The campaigns' scheduled work: expiry runs every day a few minutes past midnight UTC, once across
 * every process (a pg-boss schedule). runtime.ts imports this module so the handler is registered in
 * every process that works the queue.
 */
import { registerSchedule } from '../jobs/queue';
import { expireCampaigns } from './expire-campaigns';

export const EXPIRE_JOB = 'campaigns.expire';

registerSchedule(EXPIRE_JOB, '5 0 * * *', async () => {
  const expired = await expireCampaigns();
  if (expired) console.log(`[cuepoint] expired ${expired} campaign(s)`);
});
