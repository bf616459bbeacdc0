import { describe, expect, it } from 'vitest';
import { call } from '../support/http';
import { seedPodcast, seedUser } from '../support/builders';

const BODIES: { raw?: string; body?: unknown; form?: Record<string, string> }[] = [
  { raw: '{"unterminated' },
  { raw: '[1,2,3]' },
  { raw: 'null' },
  { body: { email: 12, password: { a: 1 }, code: ['x'], type: null, first_name: 'x'.repeat(5000) } },
  { body: { grant_type: 'password', username: ['a'], password: 5, client_id: {}, client_secret: [] } },
  { form: { '\u0000': '\u0000', socket_id: '1.1', channel_name: 'x'.repeat(300) } },
];

describe('malformed input never answers 500', () => {
  it('holds for every endpoint, signed in or not', async () => {
    const user = await seedUser({ type: 'PODCASTER' });
    const { podcast } = await seedPodcast(user.id, { hosted: true });
    const endpoints: [string, string][] = [
      ['POST', '/oauth/token'],
      ['POST', '/register'],
      ['GET', '/api/initialize'],
      ['GET', '/api/user'],
      ['PUT', `/api/users/${user.id}`],
      ['PUT', '/api/users/99999999999'],
      ['GET', '/api/users/email-verification'],
      ['POST', '/api/users/email-verification'],
      ['PATCH', '/api/users/email-verification'],
      ['GET', '/api/users/check-verification-link?id=%00&code='],
      ['POST', '/api/password/email'],
      ['POST', '/api/password/reset'],
      ['GET', '/api/brand/stats'],
      ['POST', '/broadcasting/auth'],
      ['POST', `/api/podcasts/${podcast.id}/verification`],
      ['GET', `/api/podcasts/${podcast.id}/verification`],
      ['POST', `/api/podcast/${podcast.id}/verify`],
      ['GET', `/api/podcasts/${podcast.id}/verified/not-a-token`],
      ['GET', '/api/podcasts/abc/verification'],
      ['GET', '/api/podcasts/hosted/1/check-redirecting'],
      ['GET', '/api/nothing-here'],
      ['DELETE', '/api/user'],
    ];
    for (const [method, path] of endpoints) {
      for (const token of [null, user.token]) {
        for (const input of method === 'GET' || method === 'DELETE' ? [{}] : BODIES) {
          const res = await call(method, path, { token, ...input });
          expect(res.status, `${method} ${path} ${JSON.stringify(input).slice(0, 80)}`).toBeLessThan(500);
          if (res.status >= 400 && typeof res.body === 'object' && res.body) expect(JSON.stringify(res.body)).not.toMatch(/at .*\.(ts|js|mjs):\d+/);
        }
      }
    }
  });
});
