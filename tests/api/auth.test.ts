import { describe, expect, it } from 'vitest';
import { call, page } from '../support/http';
import { PASSWORD, seedUser, signIn } from '../support/builders';
import { codeOf, linkOf, waitForMail } from '../support/mail';
import { testServer } from '../support/test-server';

const CLIENT = { client_id: 'cuepoint-web', client_secret: 'cuepoint-web-client-secret', scope: '' };

describe('POST /oauth/token', () => {
  it('answers access_token, refresh_token and expires_in for the password grant', async () => {
    const user = await seedUser({ type: 'BRAND' });
    const res = await call('POST', '/oauth/token', { body: { grant_type: 'password', username: user.email, password: PASSWORD, ...CLIENT } });
    expect(res.status).toBe(200);
    // Access tokens are short-lived (ACCESS_TOKEN_TTL, 5 minutes by default).
    expect(res.body).toMatchObject({ token_type: 'Bearer', expires_in: 300 });
    expect(res.body.access_token).toEqual(expect.any(String));
    expect(res.body.refresh_token).toEqual(expect.any(String));
    const me = await call('GET', '/api/user', { token: res.body.access_token });
    expect(me.body.data.email).toBe(user.email);
  });

  it('takes an RFC 6749 form-encoded request too', async () => {
    const user = await seedUser();
    const res = await call('POST', '/oauth/token', { form: { grant_type: 'password', username: user.email, password: PASSWORD, ...CLIENT } });
    expect(res.status).toBe(200);
  });

  it('answers OAuth 2.0 error bodies with their statuses', async () => {
    const user = await seedUser();
    const wrongPassword = await call('POST', '/oauth/token', { body: { grant_type: 'password', username: user.email, password: 'nope-nope', ...CLIENT } });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body).toMatchObject({ error: 'invalid_grant', message: 'The user credentials were incorrect.' });

    const badClient = await call('POST', '/oauth/token', {
      body: { grant_type: 'password', username: user.email, password: PASSWORD, client_id: 'cuepoint-web', client_secret: 'wrong' },
    });
    expect(badClient.status).toBe(401);
    expect(badClient.body.error).toBe('invalid_client');

    const badGrant = await call('POST', '/oauth/token', { body: { grant_type: 'client_credentials', ...CLIENT } });
    expect(badGrant.status).toBe(400);
    expect(badGrant.body.error).toBe('unsupported_grant_type');

    const missing = await call('POST', '/oauth/token', { body: { grant_type: 'password', password: PASSWORD, ...CLIENT } });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('invalid_request');

    // Anything the endpoint cannot read is OAuth's invalid_request (RFC 6749 §5.2), never a 422 or a 500.
    for (const raw of ['{not json', 'null', '[1]', '"text"']) {
      const garbage = await call('POST', '/oauth/token', { raw });
      expect(garbage.status, raw).toBe(400);
      expect(garbage.body.error, raw).toBe('invalid_request');
    }
    const plainNull = await call('POST', '/oauth/token', { raw: 'null', headers: { 'content-type': 'text/plain' } });
    expect(plainNull.body.error).toBe('invalid_request');
    const xml = await call('POST', '/oauth/token', { raw: '<x/>', headers: { 'content-type': 'application/xml' } });
    expect([xml.status, xml.body.error]).toEqual([400, 'invalid_request']);
    const nul = await call('POST', '/oauth/token', { body: { grant_type: 'password', username: 'a\u0000b', password: 'x', ...CLIENT } });
    expect([nul.status, nul.body.error]).toEqual([400, 'invalid_request']);
  });

  it('rotates refresh tokens, and a reused one revokes the whole family', async () => {
    const user = await seedUser();
    const first = await call('POST', '/oauth/token', { body: { grant_type: 'refresh_token', refresh_token: user.refresh, ...CLIENT } });
    expect(first.status).toBe(200);
    expect(first.body.refresh_token).not.toBe(user.refresh);
    // Both access tokens work (the old one until its short life ends).
    expect((await call('GET', '/api/user', { token: user.token })).status).toBe(200);
    expect((await call('GET', '/api/user', { token: first.body.access_token })).status).toBe(200);

    const reused = await call('POST', '/oauth/token', { body: { grant_type: 'refresh_token', refresh_token: user.refresh, ...CLIENT } });
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe('invalid_grant');
    // Reuse means theft: every token of the family is revoked at once, the newest access token too.
    expect((await call('GET', '/api/user', { token: first.body.access_token })).status).toBe(401);
    expect((await call('GET', '/api/user', { token: user.token })).status).toBe(401);
    const afterTheft = await call('POST', '/oauth/token', { body: { grant_type: 'refresh_token', refresh_token: first.body.refresh_token, ...CLIENT } });
    expect(afterTheft.status).toBe(400);
  });

  it('throttles failed sign-ins per account and address with 429 and Retry-After', async () => {
    const user = await seedUser();
    for (let i = 0; i < 5; i++) {
      const res = await call('POST', '/oauth/token', { body: { grant_type: 'password', username: user.email, password: 'wrong-password', ...CLIENT } });
      expect(res.status).toBe(400);
    }
    const blocked = await call('POST', '/oauth/token', { body: { grant_type: 'password', username: user.email, password: PASSWORD, ...CLIENT } });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.body.message).toMatch(/Too many sign-in attempts/);
  });
});

describe('sign-up and email verification', () => {
  it('registers a brand, mails a 6-digit code, and the code verifies the email', async () => {
    const { dataDir } = await testServer();
    const email = `new-brand-${Date.now()}@example.com`;
    const res = await call('POST', '/register', {
      body: { type: 'BRAND', first_name: 'Ada', last_name: 'Lovelace', email, password: 'long enough pw', company_name: 'Analytical Engines' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ email, type: 'BRAND', email_verified_at: null, brand: { name: 'Analytical Engines' } });
    expect(res.body.data).not.toHaveProperty('password_hash');

    const { token } = await signIn(email, 'long enough pw');
    expect((await call('GET', '/api/users/email-verification', { token })).body.data.verified).toBe(false);
    const mail = await waitForMail(dataDir, email);
    const code = codeOf(mail);
    expect(code).toMatch(/^\d{6}$/);

    const wrong = await call('PATCH', '/api/users/email-verification', { token, body: { code: code === '000000' ? '111111' : '000000' } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.code[0]).toMatch(/invalid or has expired/);

    const ok = await call('PATCH', '/api/users/email-verification', { token, body: { code } });
    expect(ok.status).toBe(200);
    expect((await call('GET', '/api/user', { token })).body.data.email_verified_at).not.toBeNull();
  });

  it('verifies by the mailed /verification/{id}/{code} link', async () => {
    const { dataDir, baseUrl } = await testServer();
    const email = `linked-${Date.now()}@example.com`;
    await call('POST', '/register', { body: { type: 'PODCASTER', first_name: 'Lin', last_name: 'Ked', email, password: 'long enough pw' } });
    const link = linkOf(await waitForMail(dataDir, email), '/verification/');
    const res = await page(link.replace(/^https?:\/\/[^/]+/, ''));
    expect(res.status).toBe(200);
    expect(res.html).toContain('Your email is verified');
    const { token } = await signIn(email, 'long enough pw');
    expect((await call('GET', '/api/users/email-verification', { token })).body.data.verified).toBe(true);
    expect(baseUrl).toMatch(/^http/);
  });

  it('answers 422 with field messages for bad sign-up input, and for a taken email', async () => {
    const existing = await seedUser();
    const bad = await call('POST', '/register', { body: { type: 'ROBOT', email: 'not-an-email', password: 'short' } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(expect.arrayContaining(['type', 'first_name', 'last_name', 'email', 'password']));
    expect(bad.body.errors.first_name[0]).toBe('The first name field is required.');
    expect(bad.body.errors.password[0]).toBe('The password field must be at least 8 characters.');

    const taken = await call('POST', '/register', {
      body: { type: 'BRAND', first_name: 'A', last_name: 'B', email: existing.email.toUpperCase(), password: 'long enough pw' },
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.email).toEqual(['The email has already been taken.']);
  });

  it('resends the code to a corrected address', async () => {
    const { dataDir } = await testServer();
    const user = await seedUser({ verified: false });
    const corrected = `corrected-${Date.now()}@example.com`;
    const res = await call('POST', '/api/users/email-verification', { token: user.token, body: { email: corrected } });
    expect(res.status).toBe(200);
    const code = codeOf(await waitForMail(dataDir, corrected));
    expect((await call('PATCH', '/api/users/email-verification', { token: user.token, body: { code } })).status).toBe(200);
    expect((await call('GET', '/api/user', { token: user.token })).body.data.email).toBe(corrected);
  });
});

describe('password reset', () => {
  it('mails a link, sets the new password and signs out every session', async () => {
    const { dataDir } = await testServer();
    const user = await seedUser();
    const asked = await call('POST', '/api/password/email', { body: { email: user.email } });
    expect(asked.status).toBe(200);
    const unknown = await call('POST', '/api/password/email', { body: { email: 'nobody-here@example.com' } });
    expect(unknown.body.message).toBe(asked.body.message);

    const link = linkOf(await waitForMail(dataDir, user.email, (m) => m.subject.includes('Reset')), '/password/reset/');
    const token = new URL(link).pathname.split('/').pop()!;
    const mismatch = await call('POST', '/api/password/reset', {
      body: { token, email: user.email, password: 'brand new password', password_confirmation: 'different' },
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors.password[0]).toBe('The password field confirmation does not match.');

    const done = await call('POST', '/api/password/reset', {
      body: { token, email: user.email, password: 'brand new password', password_confirmation: 'brand new password' },
    });
    expect(done.status).toBe(200);
    expect((await call('GET', '/api/user', { token: user.token })).status).toBe(401);
    await expect(signIn(user.email, 'brand new password')).resolves.toBeTruthy();
    const again = await call('POST', '/api/password/reset', {
      body: { token, email: user.email, password: 'another password', password_confirmation: 'another password' },
    });
    expect(again.status).toBe(422);
  });
});

describe('the signed-in user', () => {
  it('answers 401 without a token', async () => {
    expect((await call('GET', '/api/user')).body).toEqual({ message: 'Unauthenticated.' });
    expect((await call('GET', '/api/initialize')).status).toBe(401);
  });

  it('initializes with user, podcasts, ads, categories, settings and online_timeout', async () => {
    const user = await seedUser({ type: 'PODCASTER', hosted: true });
    const res = await call('GET', '/api/initialize', { token: user.token });
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(Object.keys(data).sort()).toEqual(['ads', 'categories', 'online_timeout', 'podcasts', 'settings', 'user']);
    expect(data.user).toMatchObject({ id: user.id, type: 'PODCASTER', podcaster: { service_fee_percent: 10, is_completed: true } });
    expect(data.podcasts).toHaveLength(1);
    expect(data.podcasts[0].hosted).toMatchObject({ migration_status: 'pending', is_completed: false });
    expect(data.ads.map((a: { title: string }) => a.title)).toEqual(['Sponsorship', 'Host-Read']);
    expect(data.categories.length).toBeGreaterThan(10);
    expect(data.online_timeout).toBe(300);
    expect(data.settings.oauth.refresh_margin_ms).toBe(30000);
  });

  it('lets a user edit only their own account', async () => {
    const a = await seedUser();
    const b = await seedUser();
    const own = await call('PUT', `/api/users/${a.id}`, { token: a.token, body: { first_name: 'Renamed', address: '1 Main St' } });
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ first_name: 'Renamed', full_name: 'Renamed Brand', address: '1 Main St' });
    expect((await call('PUT', `/api/users/${b.id}`, { token: a.token, body: { first_name: 'Hacked' } })).status).toBe(403);
    expect(
      (await call('PUT', `/api/users/${a.id}`, { token: a.token, body: { password: 'new password 1', password_confirmation: 'new password 1' } })).body.errors
        .current_password,
    ).toEqual(['The password is incorrect.']);
    expect((await call('PUT', '/api/users/not-a-number', { token: a.token, body: {} })).status).toBe(404);
  });

  it('GET /logout revokes the tokens of the session', async () => {
    const user = await seedUser();
    const res = await page('/logout', user.cookie);
    expect(res.status).toBe(302);
    expect(res.location).toBe('/login');
    expect((await call('GET', '/api/user', { token: user.token })).status).toBe(401);
  });

  it('loads brand stats only for brands', async () => {
    const brand = await seedUser({ type: 'BRAND' });
    const podcaster = await seedUser({ type: 'PODCASTER' });
    const stats = await call('GET', '/api/brand/stats', { token: brand.token });
    expect(stats.status).toBe(200);
    expect(stats.body.data).toMatchObject({
      new_proposals: { proposal_count: 0 },
      pending_reviews: { job_count: 0 },
      jobs_in_progress: { job_count: 0 },
      completed: { job_count: 0 },
      fetched: true,
    });
    expect((await call('GET', '/api/brand/stats', { token: podcaster.token })).status).toBe(403);
  });
});
