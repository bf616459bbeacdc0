/** Listens for the hosted migration progress event on the user's private channel (laravel-echo over pusher-js). */
import Echo from 'laravel-echo';
import Pusher from 'pusher-js';
import { freshAccessToken } from '../../lib/session';
import type { InitializeSettings } from '../../lib/types';

export const PROGRESS_EVENT = 'hosted.migration.progress';

/** Subscribes to `private-users.{userId}` and calls back with each {podcastId, percent}; answers the unsubscribe. */
export async function listenForProgress(
  settings: InitializeSettings['pusher'],
  userId: number,
  onProgress: (event: { podcastId: number; percent: number }) => void,
): Promise<() => void> {
  const token = await freshAccessToken().catch(() => null);
  const echo = new Echo<'pusher'>({
    broadcaster: 'pusher',
    key: settings.key,
    cluster: 'mt1',
    wsHost: settings.host,
    wsPort: settings.port,
    wssPort: settings.port,
    forceTLS: settings.scheme === 'https',
    enabledTransports: ['ws', 'wss'],
    disableStats: true,
    Pusher,
    channelAuthorization: { transport: 'ajax', endpoint: settings.auth_endpoint, headers: token ? { Authorization: `Bearer ${token}` } : {} },
  });
  // Echo's private() adds the `private-` prefix; a leading dot keeps the event name as broadcast.
  echo.private(`users.${userId}`).listen(`.${PROGRESS_EVENT}`, onProgress);
  return () => echo.disconnect();
}
