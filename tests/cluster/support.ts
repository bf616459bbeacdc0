/** Helpers of the cluster tests: a client that notes which instance answered, realtime clients, PostgreSQL probing. */
import { connect } from 'node:net';
import Pusher from 'pusher-js';

/** The base port of this checkout's test servers (the cluster tests use base+50 to base+79). */
export const BASE_PORT = Number(process.env.E2E_PORT ?? 4610);

/** True when something answers on PostgreSQL's port. */
export function postgresAnswers(host = '127.0.0.1', port = 5432): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, host);
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

export interface Answer<T = any> {
  status: number;
  body: T;
  /** The web instance that answered (the proxy's X-Cuepoint-Instance). */
  instance: string | null;
  headers: Headers;
}

/** A JSON client of one base URL that records which instance answered each call. */
export function client(baseUrl: string) {
  const answeredBy: string[] = [];
  async function call<T = any>(
    method: string,
    path: string,
    options: { token?: string; body?: unknown; headers?: Record<string, string>; raw?: BodyInit } = {},
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: BodyInit | undefined = options.raw;
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body, redirect: 'manual' });
    const type = response.headers.get('content-type') ?? '';
    const parsed = type.includes('json') ? await response.json() : Buffer.from(await response.arrayBuffer());
    const instance = response.headers.get('x-cuepoint-instance');
    if (instance) answeredBy.push(instance);
    return { status: response.status, body: parsed as T, instance, headers: response.headers };
  }
  async function signIn(email: string, password = 'cuepoint-demo'): Promise<{ token: string; instance: string | null }> {
    const res = await call('POST', '/oauth/token', {
      body: { grant_type: 'password', client_id: 'cuepoint-web', client_secret: 'cuepoint-web-client-secret', username: email, password, scope: '' },
    });
    if (res.status !== 200) throw new Error(`sign-in failed for ${email}: ${res.status} ${JSON.stringify(res.body)}`);
    return { token: res.body.access_token, instance: res.instance };
  }
  return { call, signIn, answeredBy };
}

/** A pusher-js client configured the way the browser is, from /api/initialize, authorising through `baseUrl`. */
export async function realtimeClient(baseUrl: string, token: string): Promise<Pusher> {
  const init = await (await fetch(`${baseUrl}/api/initialize`, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } })).json();
  const { key, host, port, scheme } = init.data.settings.pusher;
  const pusher = new Pusher(key, {
    cluster: 'mt1',
    wsHost: host,
    wsPort: port,
    forceTLS: scheme === 'https',
    enabledTransports: ['ws'],
    disableStats: true,
    channelAuthorization: { transport: 'ajax', endpoint: `${baseUrl}/broadcasting/auth`, headers: { authorization: `Bearer ${token}` } },
  });
  await new Promise<void>((resolve, reject) => {
    pusher.connection.bind('connected', () => resolve());
    pusher.connection.bind('failed', () => reject(new Error('realtime connection failed')));
  });
  return pusher;
}

/** Subscribes and answers a function that waits for the next event matching a test (events already seen count). */
export async function listen(pusher: Pusher, channelName: string) {
  const channel = pusher.subscribe(channelName);
  const seen: { event: string; data: any }[] = [];
  channel.bind_global((event: string, data: unknown) => seen.push({ event, data }));
  await new Promise<void>((resolve, reject) => {
    channel.bind('pusher:subscription_succeeded', () => resolve());
    channel.bind('pusher:subscription_error', (e: unknown) => reject(new Error(`subscription to ${channelName} failed: ${JSON.stringify(e)}`)));
  });
  return async function next(event: string, match: (data: any) => boolean = () => true, timeoutMs = 15_000): Promise<any> {
    const started = Date.now();
    for (;;) {
      const hit = seen.find((s) => s.event === event && match(s.data));
      if (hit) return hit.data;
      if (Date.now() - started > timeoutMs) throw new Error(`no ${event} on ${channelName} within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
}

/** Polls until `check` answers something truthy. */
export async function eventually<T>(check: () => Promise<T | null | undefined | false>, what: string, timeoutMs = 60_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${Math.round(timeoutMs / 1000)} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
