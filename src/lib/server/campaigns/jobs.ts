/**
 * The campaigns' scheduled work: expiry runs every day a few minutes past midnight UTC, once across
 * every process (a pg-boss schedule). runtime.ts imports this module so the handler is registered in
 * every process that works the queue.
 */
import { registerSchedule } from '../jobs';
import { expireCampaigns } from './expire-campaigns';

export const EXPIRE_JOB = 'campaigns.expire';

/** Registers this work with the queue; boot (src/lib/server/runtime.ts) calls it once per process. */
export function registerCampaignJobs(): void {
  registerSchedule(EXPIRE_JOB, '5 0 * * *', async () => {
    const expired = await expireCampaigns();
    if (expired) console.log(`[cuepoint] expired ${expired} campaign(s)`);
  });
}
