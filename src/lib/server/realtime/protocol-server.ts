import { randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket, type RawData } from 'ws';
import { isAuthorisedChannel } from './channel-names.ts';
import { createOutbox, messageText, wireFrame } from './fan-out.ts';
import { handleApiRequest } from './http-api.ts';
import { type ClientConnection, createSubscriptions } from './subscriptions.ts';

export interface RealtimeServerOptions {
  appId: string;
  key: string;
  secret: string;
  /** Seconds of client silence before the server pings; also sent to clients as `activity_timeout`. */
  activityTimeout?: number;
  /** Seconds to wait for a pong before closing with 4201. */
  pongTimeout?: number;
  /** Client events a socket may send per second (Pusher's default is 10). */
  clientEventsPerSecond?: number;
  /** Connections held at once; the next one is closed with 4100 (over capacity). */
  maxConnections?: number;
  /** Largest event `data`, in bytes, from the HTTP API or a client event. */
  maxEventBytes?: number;
  /** Most channels one HTTP API event may name. */
  maxChannelsPerEvent?: number;
  /** Most events one `batch_events` call may carry. */
  maxBatchSize?: number;
  /** Distinct users a presence channel admits. */
  maxPresenceMembers?: number;
  /** Largest presence `channel_data`, in bytes. */
  maxPresenceMemberBytes?: number;
  /** How far, in seconds, an HTTP API `auth_timestamp` may be from now. */
  timestampWindowSeconds?: number;
}

export interface RealtimeStats {
  connections: number;
  channels: number;
  /** Events accepted from the HTTP API and from clients. */
  eventsReceived: number;
  /** Frames sent for channel events (one per recipient), written at the end of the turn they were published in. */
  messagesDelivered: number;
}

export interface RealtimeServer {
  /** Takes the upgrade when the path is /app/{key}; returns false so the caller can try other handlers. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Answers /apps/{app_id}/... HTTP API requests; resolves false for any other path. */
  handleHttp(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  /** Closes every socket (4200, so clients reconnect at once) and stops the ping timer. */
  close(): Promise<void>;
  stats(): RealtimeStats;
}

function newSocketId(): string {
  return `${randomInt(1, 2 ** 47)}.${randomInt(1, 2 ** 47)}`;
}

/** Creates the embedded Pusher-protocol-7 server; wire handleUpgrade and handleHttp into a node http server. */
export function createRealtimeServer(options: RealtimeServerOptions): RealtimeServer {
  const activityTimeout = options.activityTimeout ?? 120;
  const pongTimeoutMs = (options.pongTimeout ?? 30) * 1000;
  const activityMs = activityTimeout * 1000;
  const clientEventsPerSecond = options.clientEventsPerSecond ?? 10;
  const maxConnections = options.maxConnections ?? Number.POSITIVE_INFINITY;
  const maxEventBytes = options.maxEventBytes ?? 10_240;
  const maxPresenceMembers = options.maxPresenceMembers ?? 100;
  const maxPresenceMemberBytes = options.maxPresenceMemberBytes ?? 1_024;

  // Generous over the 10 KB event limit so framing and channel_data fit; larger frames are a misbehaving client.
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024, clientTracking: false });
  const connections = new Set<ClientConnection>();
  const counters = { eventsReceived: 0, messagesDelivered: 0 };
  const outbox = createOutbox();
  const { channels, registry, send, sendError, fanOut, subscribe, unsubscribe } = createSubscriptions(
    { key: options.key, secret: options.secret, maxPresenceMembers, maxPresenceMemberBytes },
    outbox,
    counters,
  );

  function clientEvent(conn: ClientConnection, event: string, channel: unknown, data: unknown): void {
    if (typeof channel !== 'string' || !isAuthorisedChannel(channel) || channel.startsWith('private-encrypted-')) {
      sendError(conn, 'Client events are only allowed on private and presence channels.', null);
      return;
    }
    if (!conn.channels.has(channel)) {
      sendError(conn, `Client event rejected: not subscribed to ${channel}.`, null);
      return;
    }
    const now = Date.now();
    if (now - conn.rateWindowStart >= 1000) {
      conn.rateWindowStart = now;
      conn.rateCount = 0;
    }
    if (++conn.rateCount > clientEventsPerSecond) {
      sendError(conn, `Client event rejected due to rate limit (${clientEventsPerSecond} per second).`, 4301);
      return;
    }
    const encoded = typeof data === 'string' ? data : JSON.stringify(data ?? {});
    if (Buffer.byteLength(encoded) > maxEventBytes) {
      sendError(conn, `Client event rejected: data is larger than ${maxEventBytes} bytes.`, null);
      return;
    }
    const state = channels.get(channel);
    if (!state) return;
    counters.eventsReceived++;
    const userId = conn.presenceIds.get(channel);
    const wire = wireFrame(JSON.stringify(userId === undefined ? { event, channel, data: encoded } : { event, channel, data: encoded, user_id: userId }));
    counters.messagesDelivered += fanOut(state, wire, (other) => other === conn);
  }

  function onMessage(conn: ClientConnection, raw: RawData, isBinary: boolean): void {
    conn.lastSeen = Date.now();
    conn.pingSentAt = null;
    if (isBinary) {
      sendError(conn, 'Binary frames are not supported.', null);
      return;
    }
    let message: unknown;
    try {
      message = JSON.parse(raw.toString());
    } catch {
      sendError(conn, 'Invalid JSON.', null);
      return;
    }
    if (typeof message !== 'object' || message === null) {
      sendError(conn, 'Messages must be JSON objects with an event.', null);
      return;
    }
    const { event, channel } = message as { event?: unknown; channel?: unknown };
    let data = (message as { data?: unknown }).data;
    if (typeof event !== 'string') {
      sendError(conn, 'Messages must be JSON objects with an event.', null);
      return;
    }
    if (event.startsWith('client-')) {
      clientEvent(conn, event, channel, data);
      return;
    }
    if (typeof data === 'string' && event.startsWith('pusher:')) {
      try {
        data = JSON.parse(data);
      } catch {
        // left as a string; the handlers below reject what they cannot read
      }
    }
    const payload = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
    switch (event) {
      case 'pusher:ping':
        send(conn, messageText('pusher:pong', {}));
        return;
      case 'pusher:pong':
        return;
      case 'pusher:subscribe':
        subscribe(conn, payload);
        return;
      case 'pusher:unsubscribe':
        if (typeof payload['channel'] === 'string') unsubscribe(conn, payload['channel']);
        return;
      default:
        sendError(conn, `Unsupported event: ${event.slice(0, 100)}`, null);
    }
  }

  function accept(ws: WebSocket, req: IncomingMessage, socket: Duplex): void {
    const url = new URL(req.url ?? '/', 'http://localhost');
    let key: string | null = null;
    try {
      key = decodeURIComponent(url.pathname.slice('/app/'.length));
    } catch {
      // a malformed %-escape is simply not our key
    }
    if (key !== options.key) {
      ws.close(4001, 'Application does not exist');
      return;
    }
    const protocolParam = url.searchParams.get('protocol');
    if (protocolParam === null) {
      ws.close(4008, 'No protocol version supplied');
      return;
    }
    const protocol = Number(protocolParam);
    // 5 and 6 differ from 7 only in name, so those clients are served as 7.
    if (!Number.isInteger(protocol) || protocol < 5 || protocol > 7) {
      ws.close(4007, 'Unsupported protocol version');
      return;
    }
    if (connections.size >= maxConnections) {
      ws.close(4100, 'Over capacity');
      return;
    }
    const now = Date.now();
    const conn: ClientConnection = {
      ws,
      socket,
      queued: null,
      socketId: newSocketId(),
      channels: new Set(),
      presenceIds: new Map(),
      lastSeen: now,
      pingSentAt: null,
      rateWindowStart: now,
      rateCount: 0,
    };
    connections.add(conn);
    ws.on('message', (raw, isBinary) => onMessage(conn, raw, isBinary));
    ws.on('pong', () => {
      conn.lastSeen = Date.now();
      conn.pingSentAt = null;
    });
    ws.on('close', () => {
      connections.delete(conn);
      for (const channel of [...conn.channels]) unsubscribe(conn, channel);
    });
    ws.on('error', () => ws.terminate());
    send(conn, messageText('pusher:connection_established', { socket_id: conn.socketId, activity_timeout: activityTimeout }));
  }

  // One sweep for all sockets rather than a timer each, so thousands of idle connections cost one interval.
  const sweepMs = Math.max(50, Math.min(1000, Math.floor(Math.min(activityMs, pongTimeoutMs) / 2)));
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const conn of connections) {
      if (conn.pingSentAt !== null) {
        if (now - conn.pingSentAt >= pongTimeoutMs) {
          // Out of the sweep at once: the close handshake may take a while and must not be retried every tick.
          connections.delete(conn);
          outbox.flush();
          conn.ws.close(4201, 'Pong reply not received');
        }
      } else if (now - conn.lastSeen >= activityMs) {
        conn.pingSentAt = now;
        // Both kinds: browsers answer protocol pings themselves, older clients only answer pusher:ping.
        send(conn, messageText('pusher:ping', {}));
        if (conn.ws.readyState === conn.ws.OPEN) conn.ws.ping();
      }
    }
  }, sweepMs);
  sweep.unref();

  return {
    handleUpgrade(req, socket, head) {
      const pathname = (req.url ?? '').split('?')[0] ?? '';
      if (!pathname.startsWith('/app/')) return false;
      wss.handleUpgrade(req, socket, head, (ws) => accept(ws, req, socket));
      return true;
    },
    async handleHttp(req, res) {
      const pathname = (req.url ?? '').split('?')[0] ?? '';
      if (!pathname.startsWith('/apps/')) return false;
      await handleApiRequest(req, res, registry, {
        appId: options.appId,
        key: options.key,
        secret: options.secret,
        maxEventBytes,
        maxChannelsPerEvent: options.maxChannelsPerEvent ?? 100,
        maxBatchSize: options.maxBatchSize ?? 10,
        timestampWindowSeconds: options.timestampWindowSeconds ?? 600,
        onEvent: () => counters.eventsReceived++,
      });
      return true;
    },
    async close() {
      clearInterval(sweep);
      // What is already published goes out before the close frames.
      outbox.flush();
      const closed = [...connections].map(
        (conn) =>
          new Promise<void>((resolve) => {
            conn.ws.once('close', () => resolve());
            conn.ws.close(4200, 'Server shutting down');
            // A peer that never answers the close handshake must not hold shutdown hostage.
            setTimeout(() => {
              conn.ws.terminate();
              resolve();
            }, 2000).unref();
          }),
      );
      await Promise.all(closed);
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
    stats() {
      return { connections: connections.size, channels: channels.size, ...counters };
    },
  };
}
