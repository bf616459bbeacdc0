import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type Pusher from 'pusher-js';
import type { PresenceChannel } from 'pusher-js';
import { authorizeChannel, signApiRequest } from '~/lib/server/realtime/signatures.ts';
import { APP, RawClient, connected, nextEvent, pusherClient, rawUrl, roundTrip, startServer, subscribed, type TestServer } from './helpers.ts';

let server: TestServer;
const open: Array<Pusher | RawClient> = [];

function track<T extends Pusher | RawClient>(client: T): T {
  open.push(client);
  return client;
}

beforeAll(async () => {
  server = await startServer({ clientEventsPerSecond: 10 });
});

afterEach(() => {
  for (const client of open.splice(0)) {
    if ('disconnect' in client) client.disconnect();
    else client.close();
  }
});

afterAll(async () => {
  await server.close();
});

describe('connection', () => {
  it('sends pusher:connection_established with socket_id and activity_timeout', async () => {
    const raw = track(new RawClient(rawUrl(server)));
    const established = await raw.nextEvent('pusher:connection_established');
    expect(established.data).toEqual({ socket_id: expect.stringMatching(/^\d+\.\d+$/), activity_timeout: 120 });
  });

  it('connects the real pusher-js client', async () => {
    const client = track(pusherClient(server));
    expect(await connected(client)).toMatch(/^\d+\.\d+$/);
  });

  it('closes an unknown app key with 4001', async () => {
    const raw = track(new RawClient(rawUrl(server, 'no-such-key')));
    expect(await raw.closed).toEqual({ code: 4001, reason: 'Application does not exist' });
  });

  it('closes with 4008 without a protocol and 4007 for an unsupported one', async () => {
    const none = track(new RawClient(rawUrl(server, APP.key, 'client=js')));
    const old = track(new RawClient(rawUrl(server, APP.key, 'protocol=3')));
    expect((await none.closed).code).toBe(4008);
    expect((await old.closed).code).toBe(4007);
  });

  it('closes a malformed key with 4001 without disturbing the server', async () => {
    const raw = track(new RawClient(rawUrl(server, '%E0%A4%A')));
    expect((await raw.closed).code).toBe(4001);
    const after = track(new RawClient(rawUrl(server)));
    await after.socketId();
  });

  it('closes connections beyond maxConnections with 4100 (over capacity)', async () => {
    const small = await startServer({ maxConnections: 1 });
    try {
      const first = track(new RawClient(rawUrl(small)));
      await first.socketId();
      const second = track(new RawClient(rawUrl(small)));
      expect(await second.closed).toEqual({ code: 4100, reason: 'Over capacity' });
    } finally {
      await small.close();
    }
  });

  it('answers malformed frames with pusher:error and keeps the connection', async () => {
    const raw = track(new RawClient(rawUrl(server)));
    await raw.socketId();
    raw.ws.send('not json');
    expect(await raw.nextEvent('pusher:error')).toMatchObject({ data: { message: 'Invalid JSON.' } });
    raw.send({ event: 'pusher:ping', data: {} });
    await raw.nextEvent('pusher:pong');
  });

  it('answers pusher:ping with pusher:pong', async () => {
    const raw = track(new RawClient(rawUrl(server)));
    await raw.socketId();
    raw.send({ event: 'pusher:ping', data: {} });
    expect(await raw.nextEvent('pusher:pong')).toMatchObject({ event: 'pusher:pong' });
  });
});

describe('subscriptions', () => {
  it('subscribes to a public channel', async () => {
    const client = track(pusherClient(server));
    await subscribed(client, 'news');
    expect(server.realtime.stats().channels).toBeGreaterThanOrEqual(1);
  });

  it('subscribes to a private channel through the auth endpoint', async () => {
    const client = track(pusherClient(server));
    const channel = await subscribed(client, 'private-users.1');
    expect(channel.subscribed).toBe(true);
  });

  it('refuses a private subscription with a bad signature (pusher:subscription_error)', async () => {
    const client = track(pusherClient(server, { 'x-forge': '1' }));
    const channel = client.subscribe('private-users.2');
    const error = await nextEvent<{ type: string; status: number }>(channel, 'pusher:subscription_error');
    expect(error).toMatchObject({ type: 'AuthError', status: 401 });
    expect(channel.subscribed).toBe(false);
  });

  it('refuses a private subscription without auth, and one signed for another socket', async () => {
    const raw = track(new RawClient(rawUrl(server)));
    await raw.socketId();
    raw.send({ event: 'pusher:subscribe', data: { channel: 'private-a' } });
    const stolen = authorizeChannel({ secret: APP.secret, key: APP.key, socketId: '1.1', channel: 'private-b' });
    raw.send({ event: 'pusher:subscribe', data: { channel: 'private-b', auth: stolen.auth } });
    expect((await raw.nextEvent('pusher:subscription_error', 'private-a')).data).toMatchObject({ status: 401 });
    expect((await raw.nextEvent('pusher:subscription_error', 'private-b')).data).toMatchObject({ status: 401 });
  });

  it('stops delivering after pusher:unsubscribe', async () => {
    const raw = track(new RawClient(rawUrl(server)));
    await raw.socketId();
    raw.send({ event: 'pusher:subscribe', data: { channel: 'leaving' } });
    await raw.nextEvent('pusher_internal:subscription_succeeded', 'leaving');
    raw.send({ event: 'pusher:unsubscribe', data: { channel: 'leaving' } });
    // A ping round trip orders after the unsubscribe on the same socket.
    raw.send({ event: 'pusher:ping', data: {} });
    await raw.nextEvent('pusher:pong');
    expect(await fetchChannel('leaving')).toEqual({ occupied: false });
  });
});

async function fetchChannel(name: string, info?: string): Promise<unknown> {
  const path = `/apps/${APP.appId}/channels/${name}`;
  const query = signApiRequest({ key: APP.key, secret: APP.secret, method: 'GET', path, params: info ? { info } : undefined });
  const res = await fetch(`http://127.0.0.1:${server.port}${path}?${query}`);
  return res.json();
}

describe('presence', () => {
  it('lists members, announces first join and last leave only, deduplicated by user_id', async () => {
    const alice = track(pusherClient(server, { 'x-user-id': 'alice' }));
    const aliceChannel = (await subscribed(alice, 'presence-room.1')) as PresenceChannel;
    expect(aliceChannel.members.count).toBe(1);
    expect(aliceChannel.members.me).toMatchObject({ id: 'alice', info: { name: 'User alice' } });

    const added: string[] = [];
    const removed: string[] = [];
    aliceChannel.bind('pusher:member_added', (m: { id: string }) => added.push(m.id));
    aliceChannel.bind('pusher:member_removed', (m: { id: string }) => removed.push(m.id));

    const bobJoined = nextEvent<{ id: string; info: unknown }>(aliceChannel, 'pusher:member_added');
    const bob1 = track(pusherClient(server, { 'x-user-id': 'bob' }));
    const bob1Channel = (await subscribed(bob1, 'presence-room.1')) as PresenceChannel;
    expect(await bobJoined).toEqual({ id: 'bob', info: { name: 'User bob' } });
    expect(bob1Channel.members.count).toBe(2);

    // Bob's second tab: no second member_added, the count stays at two distinct users.
    const bob2 = track(pusherClient(server, { 'x-user-id': 'bob' }));
    const bob2Channel = (await subscribed(bob2, 'presence-room.1')) as PresenceChannel;
    expect(bob2Channel.members.count).toBe(2);

    // Closing one of Bob's two sockets is not a leave; closing the last one is.
    bob1.disconnect();
    const bobLeft = nextEvent<{ id: string }>(aliceChannel, 'pusher:member_removed');
    await waitFor(async () => ((await fetchChannel('presence-room.1', 'subscription_count')) as { subscription_count: number }).subscription_count === 2);
    bob2.disconnect();
    expect(await bobLeft).toMatchObject({ id: 'bob' });
    expect(added).toEqual(['bob']);
    expect(removed).toEqual(['bob']);
    expect(aliceChannel.members.count).toBe(1);
  });

  it('refuses presence channel_data that does not match the signature', async () => {
    const raw = track(new RawClient(rawUrl(server)));
    const socketId = await raw.socketId();
    const signed = authorizeChannel({
      secret: APP.secret,
      key: APP.key,
      socketId,
      channel: 'presence-x',
      channelData: { user_id: 'mallory' },
    });
    raw.send({ event: 'pusher:subscribe', data: { channel: 'presence-x', auth: signed.auth, channel_data: '{"user_id":"admin"}' } });
    expect((await raw.nextEvent('pusher:subscription_error', 'presence-x')).data).toMatchObject({ status: 401 });
  });
});

describe('client events', () => {
  it('delivers client- events to other subscribers, never back to the sender, with user_id on presence', async () => {
    const sender = track(pusherClient(server, { 'x-user-id': 'sender' }));
    const receiver = track(pusherClient(server, { 'x-user-id': 'receiver' }));
    const senderChannel = await subscribed(sender, 'presence-chat.9');
    const receiverChannel = await subscribed(receiver, 'presence-chat.9');

    const echoed: unknown[] = [];
    senderChannel.bind('client-typing', (data: unknown) => echoed.push(data));
    const received = new Promise<{ data: unknown; meta: unknown }>((resolve) =>
      receiverChannel.bind('client-typing', (data: unknown, meta: unknown) => resolve({ data, meta })),
    );
    expect(senderChannel.trigger('client-typing', { typing: true })).toBe(true);
    expect(await received).toEqual({ data: { typing: true }, meta: { user_id: 'sender' } });

    // The sender's own socket got nothing: a ping round trip after the event proves the queue is drained.
    await roundTrip(sender);
    expect(echoed).toEqual([]);
  });

  it('refuses client events on public channels and on channels the socket has not joined', async () => {
    const raw = track(new RawClient(rawUrl(server)));
    await raw.socketId();
    raw.send({ event: 'pusher:subscribe', data: { channel: 'open' } });
    await raw.nextEvent('pusher_internal:subscription_succeeded', 'open');
    raw.send({ event: 'client-hello', channel: 'open', data: {} });
    raw.send({ event: 'client-hello', channel: 'private-elsewhere', data: {} });
    const errors = raw.next((m) => m.event === 'pusher:error' && String((m.data as { message: string }).message).includes('not subscribed'));
    expect(await raw.nextEvent('pusher:error')).toMatchObject({ data: { message: expect.stringContaining('private and presence') } });
    await errors;
  });

  it('rate-limits client events per socket and says so with pusher:error 4301', async () => {
    const sender = track(new RawClient(rawUrl(server)));
    const receiver = track(new RawClient(rawUrl(server)));
    for (const [client, socketId] of [
      [sender, await sender.socketId()],
      [receiver, await receiver.socketId()],
    ] as const) {
      const { auth } = authorizeChannel({ secret: APP.secret, key: APP.key, socketId, channel: 'private-burst' });
      client.send({ event: 'pusher:subscribe', data: { channel: 'private-burst', auth } });
      await client.nextEvent('pusher_internal:subscription_succeeded', 'private-burst');
    }
    for (let i = 0; i < 15; i++) sender.send({ event: 'client-tick', channel: 'private-burst', data: { i } });
    const limited = await sender.next((m) => m.event === 'pusher:error' && (m.data as { code: number }).code === 4301);
    expect(limited.data).toMatchObject({ code: 4301 });
    // Everything up to the limit arrived, nothing after it in the same second.
    sender.send({ event: 'pusher:ping', data: {} });
    await sender.nextEvent('pusher:pong');
    receiver.send({ event: 'pusher:ping', data: {} });
    await receiver.nextEvent('pusher:pong');
    const ticks = receiver.messages.filter((m) => m.event === 'client-tick');
    expect(ticks.length).toBeGreaterThanOrEqual(1);
    expect(ticks.length).toBeLessThanOrEqual(10);
    expect(sender.messages.filter((m) => m.event === 'client-tick')).toEqual([]);
  });
});

describe('activity', () => {
  let idle: TestServer;
  beforeAll(async () => {
    idle = await startServer({ activityTimeout: 1, pongTimeout: 0.5 });
  });
  afterAll(async () => {
    await idle.close();
  });

  it('pings an idle socket and closes it with 4201 when no pong comes back', async () => {
    // autoPong off: this client plays dead to both protocol pings and pusher:ping.
    const raw = track(new RawClient(rawUrl(idle), { autoPong: false }));
    await raw.socketId();
    expect(await raw.nextEvent('pusher:ping')).toMatchObject({ event: 'pusher:ping' });
    expect((await raw.closed).code).toBe(4201);
  });

  it('keeps a real pusher-js client connected across several activity timeouts', async () => {
    const client = track(pusherClient(idle));
    await connected(client);
    const changes: string[] = [];
    client.connection.bind('state_change', (s: { current: string }) => changes.push(s.current));
    // Whichever side falls silent first pings (pusher-js adopts the server's 1 s activity_timeout);
    // three heartbeats in either direction span well over the pong timeout.
    await new Promise<void>((resolve) => {
      let beats = 0;
      client.connection.bind('message', (m: { event: string }) => {
        if ((m.event === 'pusher:ping' || m.event === 'pusher:pong') && ++beats === 3) resolve();
      });
    });
    expect(client.connection.state).toBe('connected');
    expect(changes).toEqual([]);
  });

  it('keeps a socket that answers pusher:ping with pusher:pong', async () => {
    const raw = track(new RawClient(rawUrl(idle), { autoPong: false }));
    await raw.socketId();
    await raw.nextEvent('pusher:ping');
    raw.send({ event: 'pusher:pong', data: {} });
    const from = raw.messages.length;
    await raw.next((m) => m.event === 'pusher:ping', from);
    expect(raw.ws.readyState).toBe(raw.ws.OPEN);
  });
});

async function waitFor(condition: () => Promise<boolean>): Promise<void> {
  // A socket leaving without a member_removed is, by design, invisible to the other clients; ask the HTTP API.
  while (!(await condition())) await new Promise((resolve) => setImmediate(resolve));
}
