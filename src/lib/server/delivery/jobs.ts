/**
 * Delivery's queue work (runtime.ts imports this module so every worker process has the handlers):
 * the listener for a linked episode, the feed watcher every 15 minutes, and the daily-and-hourly
 * sweep that completes links the brand left unanswered for 7 days.
 */
import { registerJob, registerSchedule } from '../jobs';
import { completeUnansweredLinks, LISTEN_JOB } from './link-episode';
import { runAirCheck } from './listen';
import { watchFeeds } from './watch-feeds';

export const WATCH_FEEDS_JOB = 'delivery.watch-feeds';
export const UNANSWERED_LINKS_JOB = 'delivery.unanswered-links';

/** Registers this work with the queue; boot (src/lib/server/runtime.ts) calls it once per process. */
export function registerDeliveryJobs(): void {
  // Decoding an hour of audio takes seconds and holds ~60 MB: the media lane runs two at a time.
  registerJob(
    LISTEN_JOB,
    async ({ check_id }) => {
      await runAirCheck(check_id);
    },
    { lane: 'media' },
  );

  registerSchedule(WATCH_FEEDS_JOB, '*/15 * * * *', async () => {
    const ran = await watchFeeds();
    if (ran) console.log(`[cuepoint] listened to ${ran} new episode(s) for aired ads`);
  });

  registerSchedule(UNANSWERED_LINKS_JOB, '17 * * * *', async () => {
    const done = await completeUnansweredLinks();
    if (done) console.log(`[cuepoint] completed ${done} ad(s) whose linked episode went unanswered`);
  });
}
