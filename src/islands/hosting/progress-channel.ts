/** Listens for the hosted migration progress event on the user's private channel, over the page's shared realtime connection. */
import { realtime } from '../../lib/realtime-client';
import type { InitializeSettings } from '../../lib/types';

export const PROGRESS_EVENT = 'hosted.migration.progress';

/** Subscribes to `private-users.{userId}` and calls back with each {podcastId, percent}; answers the unsubscribe. */
export async function listenForProgress(
  settings: InitializeSettings['pusher'],
  userId: number,
  onProgress: (event: { podcastId: number; percent: number }) => void,
): Promise<() => void> {
  const channel = (await realtime(settings)).private(`users.${userId}`);
  // A leading dot keeps the event name exactly as broadcast.
  channel.listen(`.${PROGRESS_EVENT}`, onProgress);
  return () => channel.stopListening(`.${PROGRESS_EVENT}`, onProgress);
}
