/** The files domain's scheduled work: partial uploads past their time-out are removed every half hour, once across all processes. */
import { registerSchedule } from '../jobs/queue';
import { prunePartialUploads } from './receive-upload';

registerSchedule('files.prune-partial-uploads', '*/30 * * * *', async () => {
  const removed = await prunePartialUploads();
  if (removed) console.log(`[cuepoint] removed ${removed} stale partial upload part(s)`);
});
