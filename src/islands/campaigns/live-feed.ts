/**
 * Live proposals: events on the brand's private channel through the page's shared realtime
 * connection; when the socket cannot connect, the caller falls back to polling.
 */
import { realtime } from '../../lib/realtime-client';

export interface LiveHandle {
  stop(): void;
}

/** Subscribes to events on private-users.{userId}; `onFail` runs when realtime is unreachable. */
export async function listenToUser(userId: number, events: Record<string, (data: unknown) => void>, onFail: () => void): Promise<LiveHandle> {
  try {
    const echo = await realtime();
    const channel = echo.private(`users.${userId}`);
    for (const [event, handler] of Object.entries(events)) channel.listen(`.${event}`, handler);
    channel.error(() => onFail());
    const connection = echo.connector.pusher.connection;
    connection.bind('unavailable', onFail);
    connection.bind('failed', onFail);
    return {
      // The connection and channel are shared with the rest of the page: only our listeners go.
      stop: () => {
        for (const [event, handler] of Object.entries(events)) channel.stopListening(`.${event}`, handler);
        connection.unbind('unavailable', onFail);
        connection.unbind('failed', onFail);
      },
    };
  } catch {
    onFail();
    return { stop: () => undefined };
  }
}
