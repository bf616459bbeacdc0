/** Listens on the user's private channel, over the page's shared realtime connection, for the migration's progress and state. */
import { realtime } from '../../lib/realtime-client';
import type { InitializeSettings } from '../../lib/types';
import { HOSTED_UPDATED_EVENT, PROGRESS_EVENT } from '../../lib/hosting-rules';

/**
 * Subscribes to `private-users.{userId}`: each {podcastId, percent} of the import, and each change of a
 * hosted podcast's state ({podcast_id, migration_status, …}); answers the unsubscribe.
 */
export async function listenForProgress(
  settings: InitializeSettings['pusher'],
  userId: number,
  onProgress: (event: { podcastId: number; percent: number }) => void,
  onUpdated?: (event: { podcast_id: number; migration_status: string }) => void,
): Promise<() => void> {
  const channel = (await realtime(settings)).private(`users.${userId}`);
  // A leading dot keeps the event name exactly as broadcast.
  channel.listen(`.${PROGRESS_EVENT}`, onProgress);
  if (onUpdated) channel.listen(`.${HOSTED_UPDATED_EVENT}`, onUpdated);
  return () => {
    channel.stopListening(`.${PROGRESS_EVENT}`, onProgress);
    if (onUpdated) channel.stopListening(`.${HOSTED_UPDATED_EVENT}`, onUpdated);
  };
}
