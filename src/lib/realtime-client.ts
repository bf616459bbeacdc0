/**
 * The browser's realtime connection: laravel-echo over pusher-js, configured from /api/initialize's
 * settings.pusher. Channel authorisation asks for a fresh access token every time, so a reconnect
 * after a token refresh signs in with the new token; after any reconnect the listeners registered
 * with onReconnect() fetch what they missed.
 */
import type Echo from 'laravel-echo';
import { api } from './api';
import { freshAccessToken } from './session';
import type { InitializeSettings } from './types';

export type RealtimeEcho = Echo<'pusher'>;

let echoPromise: Promise<RealtimeEcho> | null = null;
const reconnectListeners = new Set<() => void>();
let wasConnected = false;

async function pusherSettings(): Promise<InitializeSettings['pusher']> {
  const init = await api<{ data: { settings: InitializeSettings } }>('/api/initialize');
  return init.data.settings.pusher;
}

/**
 * The client libraries (about 18 KB compressed) are their own chunk, loaded while /api/initialize
 * answers, so no page pays for them before its islands have hydrated.
 */
async function libraries() {
  const [{ default: EchoClass }, { default: Pusher }] = await Promise.all([import('laravel-echo'), import('pusher-js')]);
  return { EchoClass, Pusher };
}

function create(settings: InitializeSettings['pusher'], { EchoClass, Pusher }: Awaited<ReturnType<typeof libraries>>): RealtimeEcho {
  const tls = settings.scheme === 'https';
  const client = new Pusher(settings.key, {
    cluster: 'mt1',
    wsHost: settings.host,
    wsPort: settings.port,
    wssPort: settings.port,
    forceTLS: tls,
    enabledTransports: tls ? ['wss'] : ['ws'],
    disableStats: true,
    channelAuthorization: {
      transport: 'ajax',
      endpoint: settings.auth_endpoint,
      // Every (re)subscription signs with a fresh token: after a refresh the old one is gone.
      customHandler: (params, callback) => {
        void (async () => {
          try {
            const token = await freshAccessToken();
            const response = await fetch(settings.auth_endpoint, {
              method: 'POST',
              headers: { 'content-type': 'application/json', accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
              body: JSON.stringify({ socket_id: params.socketId, channel_name: params.channelName }),
              credentials: 'same-origin',
            });
            if (!response.ok) {
              callback(Object.assign(new Error(`Channel refused (${response.status})`), { status: response.status }), null);
              return;
            }
            callback(null, await response.json());
          } catch (error) {
            callback(error instanceof Error ? error : new Error(String(error)), null);
          }
        })();
      },
    },
  });
  client.connection.bind('state_change', ({ current }: { previous: string; current: string }) => {
    if (current !== 'connected') return;
    if (wasConnected) reconnectListeners.forEach((fn) => fn());
    wasConnected = true;
  });
  return new EchoClass({ broadcaster: 'pusher', client, key: settings.key, namespace: false, withoutInterceptors: true });
}

/** The shared Echo connection, opened on first use (null on the server). */
export function realtime(settings?: InitializeSettings['pusher']): Promise<RealtimeEcho> {
  if (typeof window === 'undefined') return Promise.reject(new Error('realtime() runs in the browser only'));
  echoPromise ??= Promise.all([settings ? Promise.resolve(settings) : pusherSettings(), libraries()]).then(([s, libs]) => create(s, libs));
  echoPromise.catch(() => {
    echoPromise = null;
  });
  return echoPromise;
}

/** Runs fn after every reconnect (not the first connect); answers the unsubscribe. */
export function onReconnect(fn: () => void): () => void {
  reconnectListeners.add(fn);
  return () => reconnectListeners.delete(fn);
}

/** The socket id of this tab's connection, when connected. */
export async function socketId(): Promise<string | undefined> {
  return (await realtime()).socketId();
}
