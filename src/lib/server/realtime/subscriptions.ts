import { MAX_CHANNEL_NAME, isAuthorisedChannel, isValidChannelName } from './channel-names.ts';
import { type Outbox, type Recipient, messageText, wireFrame } from './fan-out.ts';
import { verifyChannelAuth } from './signatures.ts';

/** One client socket and what the protocol tracks for it. */
export interface ClientConnection extends Recipient {
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
  sockets: Set<ClientConnection>;
  /** Presence only: user_id → member and how many of this channel's sockets carry that user. */
  members: Map<string, { info: unknown; sockets: number }>;
}

/** What the HTTP API needs from the socket side; kept narrow so http-api.ts stays free of socket details. */
export interface ChannelRegistry {
  channels: Map<string, ChannelState>;
  publish(channel: string, event: string, data: string, exceptSocketId?: string): void;
  /** Resolves once every frame published so far has been handed to its socket. */
  written(): Promise<void>;
}

export interface PresenceMember {
  user_id: string;
  user_info: unknown;
}

export interface SubscriptionOptions {
  key: string;
  secret: string;
  maxPresenceMembers: number;
  maxPresenceMemberBytes: number;
}

/** Channels, their subscribers and presence members, and publishing to them; every frame goes out through `outbox`. */
export function createSubscriptions(options: SubscriptionOptions, outbox: Outbox, counters: { messagesDelivered: number }) {
  const channels = new Map<string, ChannelState>();

  /** Sends one message (JSON text) to one socket. */
  function send(conn: ClientConnection, text: string): void {
    outbox.send(conn, wireFrame(text));
  }

  function sendError(conn: ClientConnection, message: string, code: number | null): void {
    // pusher:error is the one message whose data is an object, not a JSON string.
    send(conn, JSON.stringify({ event: 'pusher:error', data: { code, message } }));
  }

  function sendSubscriptionError(conn: ClientConnection, channel: string, error: string, status: number): void {
    send(conn, messageText('pusher:subscription_error', { type: 'AuthError', error, status }, channel));
  }

  /** Sends a frame encoded once to every subscriber of a channel but `except`; answers how many got it. */
  function fanOut(state: ChannelState, wire: Buffer, except?: (conn: ClientConnection) => boolean): number {
    let sent = 0;
    for (const conn of state.sockets) {
      if (except?.(conn) || conn.ws.readyState !== conn.ws.OPEN) continue;
      outbox.send(conn, wire);
      sent++;
    }
    return sent;
  }

  function publish(channel: string, event: string, data: string, exceptSocketId?: string): void {
    const state = channels.get(channel);
    if (!state) return;
    const except = exceptSocketId === undefined ? undefined : (conn: ClientConnection) => conn.socketId === exceptSocketId;
    counters.messagesDelivered += fanOut(state, wireFrame(messageText(event, data, channel)), except);
  }

  function channelState(name: string): ChannelState {
    let state = channels.get(name);
    if (!state) {
      state = { sockets: new Set(), members: new Map() };
      channels.set(name, state);
    }
    return state;
  }

  function subscribe(conn: ClientConnection, data: Record<string, unknown>): void {
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
        if (channelData === undefined || Buffer.byteLength(channelData) > options.maxPresenceMemberBytes) {
          sendSubscriptionError(conn, channel, `channel_data must be present and at most ${options.maxPresenceMemberBytes} bytes.`, 400);
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
      send(conn, messageText('pusher_internal:subscription_succeeded', isPresence ? presenceSnapshot(channelState(channel)) : {}, channel));
      return;
    }

    const state = channelState(channel);
    if (member) {
      const existing = state.members.get(member.user_id);
      if (!existing && state.members.size >= options.maxPresenceMembers) {
        sendSubscriptionError(conn, channel, `Presence channel is full (${options.maxPresenceMembers} members).`, 403);
        if (state.sockets.size === 0) channels.delete(channel);
        return;
      }
      if (existing) existing.sockets++;
      else state.members.set(member.user_id, { info: member.user_info, sockets: 1 });
      conn.presenceIds.set(channel, member.user_id);
      if (!existing) {
        // Only a user's first socket is news to the others (Pusher dedupes members by user_id).
        fanOut(state, wireFrame(messageText('pusher_internal:member_added', { user_id: member.user_id, user_info: member.user_info }, channel)));
      }
    }
    state.sockets.add(conn);
    conn.channels.add(channel);
    send(conn, messageText('pusher_internal:subscription_succeeded', isPresence ? presenceSnapshot(state) : {}, channel));
  }

  function unsubscribe(conn: ClientConnection, channel: string): void {
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
        fanOut(state, wireFrame(messageText('pusher_internal:member_removed', { user_id: userId }, channel)));
      }
    }
    if (state.sockets.size === 0) channels.delete(channel);
  }

  const registry: ChannelRegistry = { channels, publish, written: () => outbox.written() };
  return { channels, registry, send, sendError, fanOut, subscribe, unsubscribe };
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
