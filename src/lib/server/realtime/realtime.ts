/**
 * The product's realtime: the embedded Pusher-protocol server (when no PUSHER_HOST is set) attached
 * to our own HTTP server, and broadcast(), which publishes through the HTTP events API either way.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { config } from '../config';
import { createBroadcaster, type Broadcaster } from './broadcast';
import { createRealtimeServer, type RealtimeServer } from './protocol-server';

const KEY = Symbol.for('cuepoint.realtime');
type Holder = { [KEY]?: { server: RealtimeServer | null; broadcaster: Broadcaster | null } };
const holder = () => ((globalThis as Holder)[KEY] ??= { server: null, broadcaster: null });

/** Attaches the embedded realtime server to the product's HTTP server, in front of the page handler. */
export function attachServer(server: Server, handler: (req: IncomingMessage, res: ServerResponse) => void): void {
  const { pusher } = config();
  if (!pusher.embedded) {
    server.on('request', handler);
    return;
  }
  const realtime = createRealtimeServer({ appId: pusher.appId, key: pusher.key, secret: pusher.secret });
  holder().server = realtime;
  server.on('request', (req, res) => {
    if (req.url?.startsWith('/apps/')) {
      void realtime.handleHttp(req, res).then((handled) => {
        if (!handled) handler(req, res);
      });
      return;
    }
    handler(req, res);
  });
  server.on('upgrade', (req, socket, head) => {
    if (!realtime.handleUpgrade(req, socket, head)) socket.destroy();
  });
  server.on('close', () => void realtime.close());
}

/** The publisher: to the embedded server on our own port, or to PUSHER_HOST. */
export function broadcaster(): Broadcaster {
  const h = holder();
  if (h.broadcaster) return h.broadcaster;
  const { pusher, port } = config();
  h.broadcaster = createBroadcaster(
    pusher.embedded
      ? { appId: pusher.appId, key: pusher.key, secret: pusher.secret, host: '127.0.0.1', port, scheme: 'http' }
      : { appId: pusher.appId, key: pusher.key, secret: pusher.secret, host: pusher.host ?? undefined, port: pusher.port ?? undefined, scheme: pusher.scheme },
  );
  return h.broadcaster;
}

/**
 * Publishes an event after the change is committed. A failed publish is logged, never thrown: the
 * change stands, and clients fetch what they missed when they reconnect.
 */
export async function broadcast(channels: string | string[], event: string, data: unknown, socketId?: string): Promise<void> {
  // Before the embedded server is attached (migrations, the demo seed at boot) nobody can be listening.
  if (config().pusher.embedded && !holder().server) return;
  try {
    await broadcaster().trigger(channels, event, data, socketId ? { socketId } : undefined);
  } catch (error) {
    console.error(`[realtime] could not publish ${event}:`, error instanceof Error ? error.message : error);
  }
}
