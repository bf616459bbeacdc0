/** A real pusher-js client of a user, set up as the browser sets it up from /api/initialize (not yet connected). */
import Pusher from 'pusher-js';
import { call } from './http';
import { testServer } from './test-server';

/** The user's pusher-js client, authorising private and presence channels with the user's bearer token. */
export async function pusherClientOf(token: string): Promise<Pusher> {
  const { baseUrl } = await testServer();
  const init = await call('GET', '/api/initialize', { token });
  const { key, host, port, scheme } = init.body.data.settings.pusher;
  return new Pusher(key, {
    cluster: 'mt1',
    wsHost: host,
    wsPort: port,
    forceTLS: scheme === 'https',
    enabledTransports: ['ws'],
    disableStats: true,
    channelAuthorization: { transport: 'ajax', endpoint: `${baseUrl}/broadcasting/auth`, headers: { authorization: `Bearer ${token}` } },
  });
}
