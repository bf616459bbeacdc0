import { randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket, type RawData } from 'ws';
import { verifyChannelAuth } from './signatures.ts';
import { handleApiRequest } from './http-api.ts';
import { MAX_CHANNEL_NAME, isAuthorisedChannel, isValidChannelName } from './channel-names.ts';

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
  /** Frames written to sockets for channel events (one per recipient). */
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

export interface PresenceMember {
  user_id: string;
  user_info: unknown;
}

/** A final, unmasked text frame carrying `payload` (RFC 6455 §5.2), as a server sends it. */
export function textFrame(payload: Buffer): Buffer {
  const length = payload.length;
  const header = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const out = Buffer.allocUnsafe(header + length);
  out[0] = 0x81; // FIN + opcode 1 (text)
  if (length < 126) out[1] = length;
  else if (length < 65_536) {
    out[1] = 126;
    out.writeUInt16BE(length, 2);
  } else {
    out[1] = 127;
    out.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(out, header);
  return out;
}

interface Connection {
  ws: WebSocket;
  /** The upgraded TCP socket under `ws`, which fan-out writes whole frames to. */
  socket: Duplex;
  socketId: string;
  channels: Set<string>;
  /** user_id per presence channel this socket joined. */
  presenceIds: Map<string, string>;
  lastSeen: number;
  pingSentAt: number | null;
  rateWindowStart: number;
  rateCount: number;
}

export interface ChannelState {
  sockets: Set<Connection>;
  /** Presence only: user_id → member and how many of this channel's sockets carry that user. */
  members: Map<string, { info: unknown; sockets: number }>;
}

/** What the HTTP API needs from the socket side; kept narrow so http-api.ts stays free of socket details. */
export interface ChannelRegistry {
  channels: Map<string, ChannelState>;
  publish(channel: string, event: string, data: string, exceptSocketId?: string): void;
}

function newSocketId(): string {
  return `${randomInt(1, 2 ** 47)}.${randomInt(1, 2 ** 47)}`;
}

function frame(event: string, data: unknown, channel?: string): string {
  // Protocol 7 double-encodes: `data` travels as a JSON string.
  const encoded = typeof data === 'string' ? data : JSON.stringify(data);
  return channel === undefined ? JSON.stringify({ event, data: encoded }) : JSON.stringify({ event, channel, data: encoded });
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
  const connections = new Set<Connection>();
  const channels = new Map<string, ChannelState>();
  const counters = { eventsReceived: 0, messagesDelivered: 0 };

  function send(conn: Connection, message: string | Buffer): void {
    // Buffers go out as text frames too; fan-out passes one, encoded once, to every recipient.
    if (conn.ws.readyState === conn.ws.OPEN) conn.ws.send(message, { binary: false });
  }

  function sendError(conn: Connection, message: string, code: number | null): void {
    send(conn, JSON.stringify({ event: 'pusher:error', data: { code, message } }));
  }

  function sendSubscriptionError(conn: Connection, channel: string, error: string, status: number): void {
    send(conn, frame('pusher:subscription_error', { type: 'AuthError', error, status }, channel));
  }

  /**
   * Fan-out: the event is serialised and framed once (a server's frames are unmasked, so every
   * subscriber gets the same bytes), then written whole to each socket: one write each, instead of
   * ws framing it again per subscriber and corking a header and a body into a writev. ws never holds frames back here (no compression, no blobs),
   * so these writes keep their order with the frames ws sends itself.
   */
  function publish(channel: string, event: string, data: string, exceptSocketId?: string): void {
    const state = channels.get(channel);
    if (!state) return;
    const payload = Buffer.from(frame(event, data, channel));
    const wire = textFrame(payload);
    for (const conn of state.sockets) {
      if (conn.socketId === exceptSocketId) continue;
      if (conn.ws.readyState !== conn.ws.OPEN || !conn.socket.writable) continue;
      conn.socket.write(wire);
      counters.messagesDelivered++;
    }
  }

  function channelState(name: string): ChannelState {
    let state = channels.get(name);
    if (!state) {
      state = { sockets: new Set(), members: new Map() };
      channels.set(name, state);
    }
    return state;
  }

  function subscribe(conn: Connection, data: Record<string, unknown>): void {
    const channel = data['channel'];
    if (!isValidChannelName(channel)) {
      sendError(conn, `Invalid channel name: ${String(channel).slice(0, MAX_CHANNEL_NAME)}`, null);
      return;
    }
    const isPresence = channel.startsWith('presence-');
    let member: PresenceMember | null = null;

    if (isAuthorisedChannel(channel)) {
      const rawChannelData = data['channel_data'];
      const channelData = typeof rawChannelData === 'string' ? rawChannelData : undefined;
      const authorised = verifyChannelAuth({
        secret: options.secret,
        key: options.key,
        socketId: conn.socketId,
        channel,
        auth: data['auth'],
        channelData: isPresence ? channelData : undefined,
      });
      if (!authorised) {
        sendSubscriptionError(conn, channel, 'Invalid signature: the connection is unauthorized.', 401);
        return;
      }
      if (isPresence) {
        if (channelData === undefined || Buffer.byteLength(channelData) > maxPresenceMemberBytes) {
          sendSubscriptionError(conn, channel, `channel_data must be present and at most ${maxPresenceMemberBytes} bytes.`, 400);
          return;
        }
        member = parseMember(channelData);
        if (!member) {
          sendSubscriptionError(conn, channel, 'channel_data must be JSON with a user_id.', 400);
          return;
        }
      }
    }

    if (conn.channels.has(channel)) {
      // Re-subscribing (e.g. after a client-side retry) must not double-count the member.
      send(conn, frame('pusher_internal:subscription_succeeded', isPresence ? presenceSnapshot(channelState(channel)) : {}, channel));
      return;
    }

    const state = channelState(channel);
    if (member) {
      const existing = state.members.get(member.user_id);
      if (!existing && state.members.size >= maxPresenceMembers) {
        sendSubscriptionError(conn, channel, `Presence channel is full (${maxPresenceMembers} members).`, 403);
        if (state.sockets.size === 0) channels.delete(channel);
        return;
      }
      if (existing) existing.sockets++;
      else state.members.set(member.user_id, { info: member.user_info, sockets: 1 });
      conn.presenceIds.set(channel, member.user_id);
      if (!existing) {
        // Only a user's first socket is news to the others (Pusher dedupes members by user_id).
        publishInternal(state, channel, 'pusher_internal:member_added', { user_id: member.user_id, user_info: member.user_info });
      }
    }
    state.sockets.add(conn);
    conn.channels.add(channel);
    send(conn, frame('pusher_internal:subscription_succeeded', isPresence ? presenceSnapshot(state) : {}, channel));
  }

  function publishInternal(state: ChannelState, channel: string, event: string, data: unknown): void {
    const message = frame(event, data, channel);
    for (const other of state.sockets) send(other, message);
  }

  function unsubscribe(conn: Connection, channel: string): void {
    const state = channels.get(channel);
    conn.channels.delete(channel);
    const userId = conn.presenceIds.get(channel);
    conn.presenceIds.delete(channel);
    if (!state) return;
    state.sockets.delete(conn);
    if (userId !== undefined) {
      const member = state.members.get(userId);
      if (member && --member.sockets <= 0) {
        state.members.delete(userId);
        publishInternal(state, channel, 'pusher_internal:member_removed', { user_id: userId });
      }
    }
    if (state.sockets.size === 0) channels.delete(channel);
  }

  function clientEvent(conn: Connection, event: string, channel: unknown, data: unknown): void {
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
    const message = Buffer.from(JSON.stringify(userId === undefined ? { event, channel, data: encoded } : { event, channel, data: encoded, user_id: userId }));
    for (const other of state.sockets) {
      if (other === conn) continue;
      send(other, message);
      counters.messagesDelivered++;
    }
  }

  function onMessage(conn: Connection, raw: RawData, isBinary: boolean): void {
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
        send(conn, frame('pusher:pong', {}));
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
    const conn: Connection = {
      ws,
      socket,
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
    send(conn, frame('pusher:connection_established', { socket_id: conn.socketId, activity_timeout: activityTimeout }));
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
          conn.ws.close(4201, 'Pong reply not received');
        }
      } else if (now - conn.lastSeen >= activityMs) {
        conn.pingSentAt = now;
        // Both kinds: browsers answer protocol pings themselves, older clients only answer pusher:ping.
        send(conn, frame('pusher:ping', {}));
        if (conn.ws.readyState === conn.ws.OPEN) conn.ws.ping();
      }
    }
  }, sweepMs);
  sweep.unref();

  const registry: ChannelRegistry = { channels, publish };

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

function parseMember(channelData: string): PresenceMember | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(channelData);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { user_id: userId, user_info: userInfo } = parsed as { user_id?: unknown; user_info?: unknown };
  if ((typeof userId !== 'string' && typeof userId !== 'number') || String(userId) === '') return null;
  return { user_id: String(userId), user_info: userInfo ?? null };
}

function presenceSnapshot(state: ChannelState): { presence: { ids: string[]; hash: Record<string, unknown>; count: number } } {
  const ids = [...state.members.keys()];
  const hash: Record<string, unknown> = {};
  for (const [id, member] of state.members) hash[id] = member.info;
  return { presence: { ids, hash, count: ids.length } };
}
