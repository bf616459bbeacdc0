/** The files domain's scheduled work: partial uploads past their time-out are removed every half hour, once across all processes. */
import { registerSchedule } from '../jobs';
import { prunePartialUploads } from './receive-upload';

/** Registers this work with the queue; boot (src/lib/server/runtime.ts) calls it once per process. */
export function registerFileJobs(): void {
  registerSchedule('files.prune-partial-uploads', '*/30 * * * *', async () => {
    const removed = await prunePartialUploads();
    if (removed) console.log(`[cuepoint] removed ${removed} stale partial upload part(s)`);
  });
}
