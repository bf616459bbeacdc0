import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import PusherServer from 'pusher';
import type PusherClient from 'pusher-js';
import { createBroadcaster, EventTooLargeError } from '~/lib/server/realtime/broadcast.ts';
import { signApiRequest } from '~/lib/server/realtime/signatures.ts';
import { APP, connected, nextEvent, pusherClient, roundTrip, startServer, subscribed, type TestServer } from './helpers.ts';

let server: TestServer;
let sdk: PusherServer;
const clients: PusherClient[] = [];

function client(headers: Record<string, string> = {}): PusherClient {
  const c = pusherClient(server, headers);
  clients.push(c);
  return c;
}

/** The error the SDK throws carries the HTTP status; this gets it without caring how it is shaped. */
async function statusOf(request: Promise<unknown>): Promise<number> {
  try {
    const res = (await request) as { status: number };
    return res.status;
  } catch (error) {
    return (error as { status: number }).status;
  }
}

function signedPost(route: string, payload: unknown): Promise<Response> {
  const path = `/apps/${APP.appId}${route}`;
  const body = JSON.stringify(payload);
  const query = signApiRequest({ key: APP.key, secret: APP.secret, method: 'POST', path, body });
  return fetch(`http://127.0.0.1:${server.port}${path}?${query}`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
}

beforeAll(async () => {
  server = await startServer();
  // Configured exactly as PUSHER_HOST / PUSHER_PORT / PUSHER_SCHEME would configure it against Soketi or Reverb.
  sdk = new PusherServer({ appId: APP.appId, key: APP.key, secret: APP.secret, host: '127.0.0.1', port: String(server.port), useTLS: false });
});

afterEach(() => {
  for (const c of clients.splice(0)) c.disconnect();
});

afterAll(async () => {
  await server.close();
});

describe('events API with the official pusher SDK', () => {
  it('delivers a triggered event to subscribers of every named channel', async () => {
    const a = client();
    const b = client();
    const aChannel = await subscribed(a, 'news');
    const bChannel = await subscribed(b, 'private-users.7');
    const gotA = nextEvent(aChannel, 'article-published');
    const gotB = nextEvent(bChannel, 'article-published');
    const res = await sdk.trigger(['news', 'private-users.7'], 'article-published', { id: 42, title: 'Ad reads' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({});
    expect(await gotA).toEqual({ id: 42, title: 'Ad reads' });
    expect(await gotB).toEqual({ id: 42, title: 'Ad reads' });
  });

  it('excludes the socket named by socket_id', async () => {
    const me = client();
    const other = client();
    const myChannel = await subscribed(me, 'room');
    const otherChannel = await subscribed(other, 'room');
    const mine: unknown[] = [];
    myChannel.bind('saved', (data: unknown) => mine.push(data));
    const theirs = nextEvent(otherChannel, 'saved');
    await sdk.trigger('room', 'saved', { ok: true }, { socket_id: await connected(me) });
    expect(await theirs).toEqual({ ok: true });
    await roundTrip(me);
    expect(mine).toEqual([]);
  });

  it('delivers batch events, each to its own channel', async () => {
    const c = client();
    const one = await subscribed(c, 'batch-1');
    const two = await subscribed(c, 'batch-2');
    const first = nextEvent(one, 'first');
    const second = nextEvent(two, 'second');
    const res = await sdk.triggerBatch([
      { channel: 'batch-1', name: 'first', data: { n: 1 } },
      { channel: 'batch-2', name: 'second', data: { n: 2 } },
    ]);
    expect(res.status).toBe(200);
    expect(await first).toEqual({ n: 1 });
    expect(await second).toEqual({ n: 2 });
  });

  it('delivers every event that reaches a socket in the same turn, a batch in its order, each once', async () => {
    const c = client();
    const channel = await subscribed(c, 'ordered');
    const seen: number[] = [];
    channel.bind('step', (data: { n: number }) => seen.push(data.n));
    await sdk.triggerBatch(Array.from({ length: 10 }, (_, n) => ({ channel: 'ordered', name: 'step', data: { n } })));
    // Calls made at once over several connections: the server may take them in any order.
    await Promise.all(Array.from({ length: 5 }, (_, i) => sdk.trigger('ordered', 'step', { n: 10 + i })));
    await roundTrip(c);
    expect(seen.slice(0, 10)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(seen.slice(10).sort((a, b) => a - b)).toEqual([10, 11, 12, 13, 14]);
  });

  it('answers 400 for a batch of more than 10 events', async () => {
    const batch = Array.from({ length: 11 }, (_, i) => ({ channel: 'news', name: 'n', data: String(i) }));
    expect(await statusOf(sdk.triggerBatch(batch))).toBe(400);
  });

  it('answers 413 for data over 10 KB, in events and in batches', async () => {
    const big = 'x'.repeat(10_241);
    expect(await statusOf(sdk.trigger('news', 'huge', big))).toBe(413);
    expect(await statusOf(sdk.triggerBatch([{ channel: 'news', name: 'huge', data: big }]))).toBe(413);
    expect(await statusOf(sdk.trigger('news', 'fits', 'x'.repeat(10_240)))).toBe(200);
  });

  it('answers 413 to a body over 512 KB, drains the rest without keeping it, and goes on serving', async () => {
    const res = await signedPost('/events', { name: 'huge', channels: ['news'], data: 'x'.repeat(600 * 1024) });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: 'Request body is larger than 524288 bytes' });
    expect(await statusOf(sdk.trigger('news', 'after', 'still here'))).toBe(200);
  });

  it('answers 400 for more than 100 channels', async () => {
    // The SDK refuses 101 channels before sending, so this request is signed by hand.
    const channels = Array.from({ length: 101 }, (_, i) => `c-${i}`);
    const tooWide = await signedPost('/events', { name: 'too-wide', channels, data: '{}' });
    expect(tooWide.status).toBe(400);
    expect(await tooWide.json()).toEqual({ error: 'An event may name at most 100 channels' });
    expect((await signedPost('/events', { name: 'wide', channels: channels.slice(0, 100), data: '{}' })).status).toBe(200);
  });

  it('answers 401 to a bad signature, a wrong secret, a stale timestamp and a tampered body', async () => {
    const forged = new PusherServer({ appId: APP.appId, key: APP.key, secret: 'wrong', host: '127.0.0.1', port: String(server.port), useTLS: false });
    expect(await statusOf(forged.trigger('news', 'x', {}))).toBe(401);

    const path = `/apps/${APP.appId}/events`;
    const body = JSON.stringify({ name: 'x', channel: 'news', data: '{}' });
    const url = (query: string) => `http://127.0.0.1:${server.port}${path}?${query}`;
    const post = (query: string, payload = body) => fetch(url(query), { method: 'POST', body: payload, headers: { 'content-type': 'application/json' } });

    const good = signApiRequest({ key: APP.key, secret: APP.secret, method: 'POST', path, body });
    expect((await post(good)).status).toBe(200);
    expect((await post(good.replace(/auth_signature=[0-9a-f]+/, 'auth_signature=' + '0'.repeat(64)))).status).toBe(401);
    expect(await post(good, body.replace('news', 'other'))).toHaveProperty('status', 401);
    const stale = signApiRequest({ key: APP.key, secret: APP.secret, method: 'POST', path, body, timestamp: Math.floor(Date.now() / 1000) - 601 });
    expect((await post(stale)).status).toBe(401);
    expect((await fetch(url('auth_key=x'), { method: 'POST', body })).status).toBe(401);
  });

  it('answers 404 for another app id', async () => {
    const other = new PusherServer({ appId: '999', key: APP.key, secret: APP.secret, host: '127.0.0.1', port: String(server.port), useTLS: false });
    expect(await statusOf(other.trigger('news', 'x', {}))).toBe(404);
  });
});

describe('channel queries', () => {
  it('lists occupied channels, one channel, and presence users', async () => {
    const ann = client({ 'x-user-id': 'ann' });
    const ben = client({ 'x-user-id': 'ben' });
    await subscribed(ann, 'presence-workroom.3');
    await subscribed(ben, 'presence-workroom.3');
    await subscribed(ann, 'public-lobby');

    const all = (await (await sdk.get({ path: '/channels' })).json()) as { channels: Record<string, unknown> };
    expect(all.channels).toMatchObject({ 'presence-workroom.3': {}, 'public-lobby': {} });

    const presence = await (await sdk.get({ path: '/channels', params: { filter_by_prefix: 'presence-', info: 'user_count' } })).json();
    expect(presence).toEqual({ channels: { 'presence-workroom.3': { user_count: 2 } } });

    const one = await (await sdk.get({ path: '/channels/presence-workroom.3', params: { info: 'user_count,subscription_count' } })).json();
    expect(one).toEqual({ occupied: true, user_count: 2, subscription_count: 2 });

    const users = (await (await sdk.get({ path: '/channels/presence-workroom.3/users' })).json()) as { users: Array<{ id: string }> };
    expect(users.users.map((u) => u.id).sort()).toEqual(['ann', 'ben']);

    expect(await statusOf(sdk.get({ path: '/channels/public-lobby/users' }))).toBe(400);
    expect(await statusOf(sdk.get({ path: '/channels', params: { info: 'user_count' } }))).toBe(400);
  });
});

describe('createBroadcaster', () => {
  it('reaches subscribers through the SDK, splitting 250 channels into calls of 100', async () => {
    const broadcaster = createBroadcaster({ ...APP, host: '127.0.0.1', port: server.port, scheme: 'http' });
    const calls: number[] = [];
    const trigger = broadcaster.pusher.trigger.bind(broadcaster.pusher);
    broadcaster.pusher.trigger = ((channels: string[], ...rest: [string, unknown]) => {
      calls.push(channels.length);
      return trigger(channels, ...rest);
    }) as typeof broadcaster.pusher.trigger;

    const c = client();
    const first = await subscribed(c, 'fan-0');
    const last = await subscribed(c, 'fan-249');
    const names = Array.from({ length: 250 }, (_, i) => `fan-${i}`);
    const gotFirst = nextEvent(first, 'wide');
    const gotLast = nextEvent(last, 'wide');
    await broadcaster.trigger(names, 'wide', { hello: 'all' });
    expect(calls.sort()).toEqual([100, 100, 50]);
    expect(await gotFirst).toEqual({ hello: 'all' });
    expect(await gotLast).toEqual({ hello: 'all' });
  });

  it('passes socketId through to exclude the sender', async () => {
    const broadcaster = createBroadcaster({ ...APP, host: '127.0.0.1', port: server.port, scheme: 'http' });
    const me = client();
    const other = client();
    const myChannel = await subscribed(me, 'private-workrooms.5');
    const otherChannel = await subscribed(other, 'private-workrooms.5');
    const mine: unknown[] = [];
    myChannel.bind('message', (data: unknown) => mine.push(data));
    const theirs = nextEvent(otherChannel, 'message');
    await broadcaster.trigger('private-workrooms.5', 'message', { body: 'hi' }, { socketId: await connected(me) });
    expect(await theirs).toEqual({ body: 'hi' });
    await roundTrip(me);
    expect(mine).toEqual([]);
  });

  it('refuses data over 10 KB before calling the API, and batches via batch_events', async () => {
    const broadcaster = createBroadcaster({ ...APP, host: '127.0.0.1', port: server.port, scheme: 'http' });
    await expect(broadcaster.trigger('news', 'huge', { blob: 'x'.repeat(10_240) })).rejects.toBeInstanceOf(EventTooLargeError);

    const c = client();
    const channels = await Promise.all(Array.from({ length: 12 }, (_, i) => subscribed(c, `batch-${i}`)));
    const received = Promise.all(channels.map((ch) => nextEvent(ch, 'tick')));
    await broadcaster.triggerBatch(channels.map((_, i) => ({ channel: `batch-${i}`, event: 'tick', data: { i } })));
    expect(await received).toEqual(channels.map((_, i) => ({ i })));
  });
});
