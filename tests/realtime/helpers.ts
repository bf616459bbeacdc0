import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Pusher from 'pusher-js';
import type { Channel } from 'pusher-js';
import WebSocket from 'ws';
import { createRealtimeServer, type RealtimeServer, type RealtimeServerOptions } from '~/lib/server/realtime/protocol-server.ts';
import { authorizeChannel } from '~/lib/server/realtime/signatures.ts';

export const APP = { appId: '4242', key: 'test-key', secret: 'test-secret' } as const;

export interface TestServer {
  port: number;
  http: Server;
  realtime: RealtimeServer;
  authEndpoint: string;
  close(): Promise<void>;
}

/**
 * A node http server with the realtime server attached, the way the product's own server wires it,
 * plus a tiny /broadcasting/auth that vouches for whoever the `x-user-id` header names.
 * `x-forge: 1` makes it sign with the wrong secret, to exercise refusal.
 */
export async function startServer(overrides: Partial<RealtimeServerOptions> = {}): Promise<TestServer> {
  const realtime = createRealtimeServer({ ...APP, ...overrides });
  const http = createServer((req, res) => {
    void (async () => {
      if (await realtime.handleHttp(req, res)) return;
      if (req.method === 'POST' && req.url === '/broadcasting/auth') {
        const chunks: Buffer[] = [];
        for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
        const form = new URLSearchParams(Buffer.concat(chunks).toString());
        const channel = form.get('channel_name') ?? '';
        const socketId = form.get('socket_id') ?? '';
        const userId = String(req.headers['x-user-id'] ?? 'anonymous');
        const secret = req.headers['x-forge'] === '1' ? 'not-the-secret' : APP.secret;
        const channelData = channel.startsWith('presence-') ? { user_id: userId, user_info: { name: `User ${userId}` } } : undefined;
        const body = JSON.stringify(authorizeChannel({ secret, key: APP.key, socketId, channel, channelData }));
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(body);
        return;
      }
      res.writeHead(404).end();
    })();
  });
  http.on('upgrade', (req, socket, head) => {
    if (!realtime.handleUpgrade(req, socket, head)) socket.destroy();
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const port = (http.address() as AddressInfo).port;
  return {
    port,
    http,
    realtime,
    authEndpoint: `http://127.0.0.1:${port}/broadcasting/auth`,
    async close() {
      await realtime.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

/** The real pusher-js client, websocket transport only, pointed at the test server. */
export function pusherClient(server: TestServer, headers: Record<string, string> = {}): Pusher {
  return new Pusher(APP.key, {
    cluster: 'mt1',
    wsHost: '127.0.0.1',
    wsPort: server.port,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    channelAuthorization: { transport: 'ajax', endpoint: server.authEndpoint, headers },
  });
}

/** Resolves once the client reports `connected`. */
export function connected(client: Pusher): Promise<string> {
  return new Promise((resolve, reject) => {
    if (client.connection.state === 'connected') return resolve(client.connection.socket_id);
    client.connection.bind('connected', () => resolve(client.connection.socket_id));
    client.connection.bind('failed', () => reject(new Error('pusher-js connection failed')));
  });
}

interface Bindable {
  bind(event: string, callback: (data: never) => void): unknown;
  unbind(event: string, callback: (data: never) => void): unknown;
}

/** Resolves with the first payload of `event` on a channel, client or connection. */
export function nextEvent<T = unknown>(target: Bindable, event: string): Promise<T> {
  return new Promise((resolve) => {
    const handler = (data: T) => {
      target.unbind(event, handler);
      resolve(data);
    };
    target.bind(event, handler);
  });
}

/** Subscribes and waits for pusher:subscription_succeeded. */
export async function subscribed(client: Pusher, name: string): Promise<Channel> {
  const channel = client.subscribe(name);
  await nextEvent(channel, 'pusher:subscription_succeeded');
  return channel;
}

export interface RawMessage {
  event: string;
  channel?: string;
  data?: unknown;
  user_id?: string;
}

/** A bare `ws` client for what pusher-js hides: close codes, pings, raw frames. */
export class RawClient {
  readonly ws: WebSocket;
  readonly messages: RawMessage[] = [];
  private waiters: Array<{ test: (m: RawMessage) => boolean; resolve: (m: RawMessage) => void }> = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  constructor(url: string, options: WebSocket.ClientOptions = {}) {
    this.ws = new WebSocket(url, options);
    this.ws.on('message', (raw) => {
      const message = JSON.parse(raw.toString()) as RawMessage;
      if (typeof message.data === 'string') {
        try {
          message.data = JSON.parse(message.data);
        } catch {
          // plain string payloads stay strings
        }
      }
      this.messages.push(message);
      for (const waiter of [...this.waiters]) {
        if (waiter.test(message)) {
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          waiter.resolve(message);
        }
      }
    });
    this.closed = new Promise((resolve) => this.ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  }

  /** Resolves with the first message (already received or still to come) that passes `test`. */
  next(test: (m: RawMessage) => boolean, fromIndex = 0): Promise<RawMessage> {
    const seen = this.messages.slice(fromIndex).find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => this.waiters.push({ test, resolve }));
  }

  nextEvent(event: string, channel?: string): Promise<RawMessage> {
    return this.next((m) => m.event === event && (channel === undefined || m.channel === channel));
  }

  send(message: unknown): void {
    this.ws.send(JSON.stringify(message));
  }

  async socketId(): Promise<string> {
    const established = await this.nextEvent('pusher:connection_established');
    return (established.data as { socket_id: string }).socket_id;
  }

  close(): void {
    this.ws.close();
  }
}

export function rawUrl(server: TestServer, key: string = APP.key, query = 'protocol=7&client=js&version=8.6.0'): string {
  return `ws://127.0.0.1:${server.port}/app/${key}?${query}`;
}

/**
 * Sends pusher:ping and resolves on the pong. The server handles a socket's frames in order, so
 * anything it was going to send this client before the pong has arrived by then.
 */
export function roundTrip(client: Pusher): Promise<void> {
  return new Promise((resolve) => {
    const handler = (message: { event: string }) => {
      if (message.event !== 'pusher:pong') return;
      client.connection.unbind('message', handler);
      resolve();
    };
    client.connection.bind('message', handler);
    client.send_event('pusher:ping', {});
  });
}
