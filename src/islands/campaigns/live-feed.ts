/**
 * Live proposals: laravel-echo over pusher-js on the brand's private channel, configured from
 * /api/initialize; when the socket cannot connect, the caller falls back to polling.
 */
import Echo from 'laravel-echo';
import Pusher from 'pusher-js';
import { api } from '../../lib/api';
import { freshAccessToken } from '../../lib/session';
import type { InitializePayload } from '../../lib/types';

export interface LiveHandle {
  stop(): void;
}

/** Subscribes to events on private-users.{userId}; `onFail` runs when realtime is unreachable. */
export async function listenToUser(userId: number, events: Record<string, (data: unknown) => void>, onFail: () => void): Promise<LiveHandle> {
  try {
    const init = await api<{ data: InitializePayload }>('/api/initialize');
    const p = init.data.settings.pusher;
    const token = await freshAccessToken();
    const echo = new Echo<'pusher'>({
      broadcaster: 'pusher',
      key: p.key,
      cluster: 'mt1',
      wsHost: p.host,
      wsPort: p.port,
      wssPort: p.port,
      forceTLS: p.scheme === 'https',
      enabledTransports: ['ws', 'wss'],
      disableStats: true,
      Pusher,
      channelAuthorization: { transport: 'ajax', endpoint: p.auth_endpoint, headers: token ? { Authorization: `Bearer ${token}` } : {} },
    });
    const channel = echo.private(`users.${userId}`);
    for (const [event, handler] of Object.entries(events)) channel.listen(`.${event}`, handler);
    channel.error(() => onFail());
    echo.connector.pusher.connection.bind('unavailable', onFail);
    echo.connector.pusher.connection.bind('failed', onFail);
    return { stop: () => echo.disconnect() };
  } catch {
    onFail();
    return { stop: () => undefined };
  }
}
