import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import Echo from 'laravel-echo';
import Pusher from 'pusher-js';
import PusherServer from 'pusher';
import { APP, connected, startServer, type TestServer } from './helpers.ts';

let server: TestServer;
let sdk: PusherServer;
const echos: Array<Echo<'pusher'>> = [];

/** Echo configured the way the browser app configures it from /api/initialize, as a given user. */
function echoAs(userId: string): Echo<'pusher'> {
  const echo = new Echo<'pusher'>({
    broadcaster: 'pusher',
    key: APP.key,
    cluster: 'mt1',
    wsHost: '127.0.0.1',
    wsPort: server.port,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    Pusher,
    channelAuthorization: { transport: 'ajax', endpoint: server.authEndpoint, headers: { 'x-user-id': userId } },
  });
  echos.push(echo);
  return echo;
}

function ready(echo: Echo<'pusher'>): Promise<string> {
  return connected(echo.connector.pusher);
}

/** Resolves on the Echo channel's subscription. */
function subscribedTo(echo: Echo<'pusher'>, channelName: string): Promise<void> {
  return new Promise((resolve) => {
    const channel = echo.connector.pusher.channel(channelName);
    if (channel?.subscribed) return resolve();
    echo.connector.pusher.connection.bind('message', function handler(m: { event: string; channel?: string }) {
      if (m.event === 'pusher_internal:subscription_succeeded' && m.channel === channelName) {
        echo.connector.pusher.connection.unbind('message', handler);
        resolve();
      }
    });
  });
}

beforeAll(async () => {
  server = await startServer();
  sdk = new PusherServer({ appId: APP.appId, key: APP.key, secret: APP.secret, host: '127.0.0.1', port: String(server.port), useTLS: false });
});

afterEach(() => {
  for (const echo of echos.splice(0)) echo.disconnect();
});

afterAll(async () => {
  await server.close();
});

describe('laravel-echo 2 over pusher-js', () => {
  it('receives namespaced and dot-prefixed events on a private channel', async () => {
    const echo = echoAs('7');
    await ready(echo);
    const namespaced = new Promise((resolve) => echo.private('users.7').listen('NotificationCreated', resolve));
    const raw = new Promise((resolve) => echo.private('users.7').listen('.message.sent', resolve));
    await subscribedTo(echo, 'private-users.7');
    await sdk.trigger('private-users.7', 'App\\Events\\NotificationCreated', { id: 1 });
    await sdk.trigger('private-users.7', 'message.sent', { id: 2 });
    expect(await namespaced).toEqual({ id: 1 });
    expect(await raw).toEqual({ id: 2 });
  });

  it('tracks presence with here, joining and leaving', async () => {
    const ann = echoAs('ann');
    await ready(ann);
    const here = new Promise<unknown[]>((resolve) => {
      ann.join('workrooms.12').here((members: unknown[]) => resolve(members));
    });
    expect(await here).toEqual([{ name: 'User ann' }]);

    const joined = new Promise((resolve) => ann.join('workrooms.12').joining(resolve));
    const left = new Promise((resolve) => ann.join('workrooms.12').leaving(resolve));
    const ben = echoAs('ben');
    await ready(ben);
    const benHere = new Promise<unknown[]>((resolve) => ben.join('workrooms.12').here((members: unknown[]) => resolve(members)));
    expect(await joined).toEqual({ name: 'User ben' });
    expect(await benHere).toHaveLength(2);

    ben.leave('workrooms.12');
    expect(await left).toEqual({ name: 'User ben' });
  });

  it('whispers to the others on a presence channel, not to the whisperer', async () => {
    const ann = echoAs('ann');
    const ben = echoAs('ben');
    await Promise.all([ready(ann), ready(ben)]);
    const annHeard: unknown[] = [];
    ann.join('workrooms.13').listenForWhisper('typing', (e: unknown) => annHeard.push(e));
    const benHeard = new Promise((resolve) => ben.join('workrooms.13').listenForWhisper('typing', resolve));
    await Promise.all([subscribedTo(ann, 'presence-workrooms.13'), subscribedTo(ben, 'presence-workrooms.13')]);

    ann.join('workrooms.13').whisper('typing', { user: 'ann' });
    expect(await benHeard).toEqual({ user: 'ann' });

    // Ben's reply reaching Ann proves Ann's socket has drained whatever came before it: no echo of her own whisper.
    const reply = new Promise((resolve) => ann.connector.pusher.channel('presence-workrooms.13')?.bind('client-reply', resolve));
    ben.join('workrooms.13').whisper('reply', { user: 'ben' });
    expect(await reply).toEqual({ user: 'ben' });
    expect(annHeard).toEqual([]);
  });
});
