import { afterAll, describe, expect, it } from 'vitest';
import type Pusher from 'pusher-js';
import { pusherClientOf } from '../support/pusher-client';
import { call } from '../support/http';
import { seedUser } from '../support/builders';
import { broadcast } from '../../src/lib/server/realtime/realtime';

const clients: Pusher[] = [];
afterAll(() => clients.forEach((c) => c.disconnect()));

async function client(token: string): Promise<Pusher> {
  const pusher = await pusherClientOf(token);
  clients.push(pusher);
  await new Promise<void>((resolve, reject) => {
    pusher.connection.bind('connected', () => resolve());
    pusher.connection.bind('error', reject);
  });
  return pusher;
}

describe('POST /broadcasting/auth', () => {
  it('signs a user’s own private channel and the online presence channel, and refuses the rest', async () => {
    const user = await seedUser();
    const other = await seedUser();
    const form = (channel: string) => ({ socket_id: '123.456', channel_name: channel });
    expect((await call('POST', '/broadcasting/auth', { form: form(`private-users.${user.id}`) })).status).toBe(401);
    const own = await call('POST', '/broadcasting/auth', { token: user.token, form: form(`private-users.${user.id}`) });
    expect(own.status).toBe(200);
    expect(own.body.auth).toMatch(/^cuepoint-key:[0-9a-f]{64}$/);
    expect((await call('POST', '/broadcasting/auth', { token: user.token, form: form(`private-users.${other.id}`) })).status).toBe(403);
    expect((await call('POST', '/broadcasting/auth', { token: user.token, form: form('private-workrooms.999') })).status).toBe(403);
    expect((await call('POST', '/broadcasting/auth', { token: user.token, form: form('private-anything') })).status).toBe(403);
    const presence = await call('POST', '/broadcasting/auth', { token: user.token, form: form('presence-online') });
    expect(JSON.parse(presence.body.channel_data)).toMatchObject({ user_id: String(user.id) });
    expect((await call('POST', '/broadcasting/auth', { token: user.token, form: { socket_id: 'x', channel_name: '' } })).status).toBe(422);
  });
});

describe('the embedded realtime server on the product’s own port', () => {
  it('delivers what the product broadcasts to the real pusher-js client of that user', async () => {
    const user = await seedUser();
    const pusher = await client(user.token);
    const channel = pusher.subscribe(`private-users.${user.id}`);
    await new Promise<void>((resolve, reject) => {
      channel.bind('pusher:subscription_succeeded', () => resolve());
      channel.bind('pusher:subscription_error', reject);
    });
    const received = new Promise((resolve) => channel.bind('notification.created', resolve));
    await broadcast(`private-users.${user.id}`, 'notification.created', { title: 'Hello' });
    await expect(received).resolves.toEqual({ title: 'Hello' });
  });

  it('refuses another user’s private channel', async () => {
    const user = await seedUser();
    const other = await seedUser();
    const pusher = await client(user.token);
    const channel = pusher.subscribe(`private-users.${other.id}`);
    const error = await new Promise<{ status: number }>((resolve) => channel.bind('pusher:subscription_error', resolve));
    expect(error.status).toBe(403);
  });
});
