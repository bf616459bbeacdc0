/**
 * Issue 15, items 2 and 3, and issue 16, item 7: sessions an XSS cannot lift, CSRF, redirects, sign-in and
 * sign-up throttles, and the sign-in, sign-up and password forms posted without JavaScript.
 */
import { describe, expect, it } from 'vitest';
import { call } from '../support/http';
import { PASSWORD, seedUser, signIn } from '../support/builders';
import { linkOf, waitForMail } from '../support/mail';
import { cookieHeader, cookieValue, ourOrigin, raw } from '../support/raw';
import { testServer } from '../support/test-server';

const EVIL = 'https://evil.example';
let addresses = 0;
/** A fresh client address (the test server trusts loopback as its proxy). */
const address = () => `203.0.113.${++addresses}`;
const from = (ip: string, headers: Record<string, string> = {}) => ({ 'x-forwarded-for': ip, ...headers });

describe('the browser session', () => {
  it('signs in through POST /session into an HttpOnly, SameSite=Lax refresh cookie and a short-lived access cookie', async () => {
    const user = await seedUser();
    const res = await raw('POST', '/session', { json: { email: user.email, password: PASSWORD }, headers: { origin: await ourOrigin() } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ expires_in: 300 });
    expect(res.cookies.refresh_token).toMatch(/HttpOnly/i);
    expect(res.cookies.refresh_token).toMatch(/SameSite=Lax/i);
    expect(res.cookies.refresh_token).toMatch(/Path=\//);
    // Served over http here: Secure comes with an https APP_URL (config.cookie.secure).
    expect(res.cookies.refresh_token).not.toMatch(/Secure/i);
    expect(res.cookies.access_token).not.toMatch(/HttpOnly/i);
    expect(res.cookies.access_token).toMatch(/Max-Age=300/);
    expect(res.cookies.access_token).toMatch(/SameSite=Lax/i);
    expect((await call('GET', '/api/user', { token: cookieValue(res.cookies.access_token) })).body.data.email).toBe(user.email);

    const wrong = await raw('POST', '/session', { json: { email: user.email, password: 'not it' }, headers: { origin: await ourOrigin() } });
    expect(wrong.status).toBe(422);
    expect(wrong.json.errors.email).toEqual(['These credentials do not match our records.']);
    expect(wrong.cookies.refresh_token).toBeUndefined();
  });

  it('refreshes through POST /session/refresh from the cookie; a second tab presenting the just-rotated cookie gets an access token, not a logout', async () => {
    const user = await seedUser();
    const origin = await ourOrigin();
    const first = await raw('POST', '/session/refresh', { headers: { origin, cookie: `refresh_token=${user.refresh}` } });
    expect(first.status).toBe(200);
    const rotated = cookieValue(first.cookies.refresh_token);
    expect(rotated).toBeTruthy();
    expect(rotated).not.toBe(user.refresh);
    expect(first.cookies.refresh_token).toMatch(/HttpOnly/i);

    // Another tab, a moment later, with the old cookie: a new access token in the same family, no new refresh token.
    const concurrent = await raw('POST', '/session/refresh', { headers: { origin, cookie: `refresh_token=${user.refresh}` } });
    expect(concurrent.status).toBe(200);
    expect(concurrent.cookies.access_token).toBeTruthy();
    expect(concurrent.cookies.refresh_token).toBeUndefined();
    expect((await call('GET', '/api/user', { token: cookieValue(concurrent.cookies.access_token) })).status).toBe(200);

    const next = await raw('POST', '/session/refresh', { headers: { origin, cookie: `refresh_token=${rotated}` } });
    expect(next.status).toBe(200);
    const none = await raw('POST', '/session/refresh', { headers: { origin } });
    expect(none.status).toBe(401);
    expect(none.json).toEqual({ message: 'Unauthenticated.' });
  });

  it('verifies access tokens by their signature: a tampered or foreign token is refused', async () => {
    const user = await seedUser();
    const [header, payload, signature] = user.token.split('.');
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toMatchObject({ alg: 'HS256', typ: 'at+jwt' });
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    expect(claims.exp - claims.iat).toBe(300);
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: String(user.id + 1) })).toString('base64url');
    expect((await call('GET', '/api/user', { token: `${header}.${forged}.${signature}` })).status).toBe(401);
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url');
    expect((await call('GET', '/api/user', { token: `${none}.${payload}.` })).status).toBe(401);
    expect((await call('GET', '/api/user', { token: `${header}.${payload}.${'A'.repeat(signature!.length)}` })).status).toBe(401);
  });

  it('honours a sign-out at once although tokens are verified without the database', async () => {
    const user = await seedUser();
    expect((await call('GET', '/api/user', { token: user.token })).status).toBe(200);
    const out = await raw('POST', '/logout', { headers: { origin: await ourOrigin(), cookie: user.cookie } });
    expect(out.status).toBe(303);
    expect(out.location).toBe('/login');
    expect((await call('GET', '/api/user', { token: user.token })).status).toBe(401);
    expect(out.cookies.refresh_token).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
  });
});

describe('CSRF: requests authenticated by our cookies come from our pages only', () => {
  it('refuses POST /logout from another origin, and a GET /logout started by another site asks first', async () => {
    const user = await seedUser();
    const foreign = await raw('POST', '/logout', { headers: { origin: EVIL, cookie: user.cookie } });
    expect(foreign.status).toBe(403);
    expect((await call('GET', '/api/user', { token: user.token })).status).toBe(200);

    const linked = await raw('GET', '/logout', { headers: { 'sec-fetch-site': 'cross-site', cookie: user.cookie } });
    expect(linked.status).toBe(200);
    expect(linked.text).toContain('Sign out of Cuepoint?');
    expect((await call('GET', '/api/user', { token: user.token })).status).toBe(200);

    const ours = await raw('GET', '/logout', { headers: { 'sec-fetch-site': 'same-origin', cookie: user.cookie } });
    expect(ours.status).toBe(302);
    expect((await call('GET', '/api/user', { token: user.token })).status).toBe(401);
  });

  it('refuses cross-site sign-in, refresh and page form posts', async () => {
    const user = await seedUser();
    const admin = await seedUser({ type: 'ADMIN' });
    for (const headers of [{ origin: EVIL }, { origin: 'null' }, { 'sec-fetch-site': 'cross-site' }] as Record<string, string>[]) {
      expect((await raw('POST', '/session', { json: { email: user.email, password: PASSWORD }, headers })).status).toBe(403);
      expect((await raw('POST', '/session/refresh', { headers: { ...headers, cookie: user.cookie } })).status).toBe(403);
      expect((await raw('POST', '/login', { form: { email: user.email, password: PASSWORD }, headers })).status).toBe(403);
      const imitate = await raw('POST', '/admin', { form: { user_id: String(user.id) }, headers: { ...headers, cookie: admin.cookie } });
      expect(imitate.status).toBe(403);
      expect(imitate.cookies.imitate).toBeUndefined();
    }
  });
});

describe('redirects after sign-in and imitation stay on this site', () => {
  const HOSTILE = [
    '//evil.example/x',
    '/\t/evil.example/x',
    '/%09/evil.example/x',
    '/\n/evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/.//evil.example',
    'https://evil.example',
    'javascript:alert(1)',
    ' //evil.example',
    '/%2F%2Fevil.example',
  ];

  it('sends a form sign-in with any hostile redirect home, and a path of ours there', async () => {
    const user = await seedUser();
    const origin = await ourOrigin();
    for (const redirect of HOSTILE) {
      const res = await raw('POST', `/login?redirect=${encodeURIComponent(redirect)}`, {
        form: { email: user.email, password: PASSWORD },
        headers: from(address(), { origin }),
      });
      expect(res.status, redirect).toBe(303);
      const to = new URL(res.location!, origin);
      expect(to.origin, redirect).toBe(origin);
      expect(res.location!.startsWith('//'), redirect).toBe(false);
    }
    // The raw query form of the report: a tab inside the encoded redirect.
    const tab = await raw('POST', '/login?redirect=/%09/evil.example/x', {
      form: { email: user.email, password: PASSWORD },
      headers: from(address(), { origin }),
    });
    expect(new URL(tab.location!, origin).origin).toBe(origin);
    const good = await raw('POST', `/login?redirect=${encodeURIComponent('/settings/notifications?x=1')}`, {
      form: { email: user.email, password: PASSWORD },
      headers: from(address(), { origin }),
    });
    expect(good.location).toBe('/settings/notifications?x=1');
  });

  it('returns an admin from imitation to a path of ours even when the imitate cookie was tampered with', async () => {
    const admin = await seedUser({ type: 'ADMIN' });
    const target = await seedUser({ type: 'BRAND' });
    const origin = await ourOrigin();
    const started = await raw('POST', '/admin', { form: { user_id: String(target.id) }, headers: { origin, cookie: admin.cookie } });
    expect(started.status).toBe(302);
    expect(started.cookies.imitate).toMatch(/HttpOnly/i);
    expect(started.cookies.imitator_refresh).toMatch(/HttpOnly/i);
    const tampered = cookieHeader(
      { access_token: started.cookies.access_token!, refresh_token: started.cookies.refresh_token!, imitator_refresh: started.cookies.imitator_refresh! },
      { imitate: encodeURIComponent(JSON.stringify({ origin: '/\t/evil.example', name: 'x' })) },
    );
    const back = await raw('POST', '/logout', { headers: { origin, cookie: tampered } });
    expect(back.status).toBe(303);
    expect(back.location).toBe('/admin');
  });
});

describe('sign-in and sign-up throttles', () => {
  it('limits sign-ups per address; a forged leftmost X-Forwarded-For entry does not escape it', async () => {
    const ip = address();
    const body = (n: number) => ({
      type: 'BRAND',
      first_name: 'Rate',
      last_name: 'Limited',
      email: `throttled-${Date.now()}-${n}@example.com`,
      password: 'long enough pw',
    });
    for (let n = 0; n < 10; n++) expect((await call('POST', '/register', { body: body(n), headers: from(ip) })).status).toBe(201);
    const blocked = await call('POST', '/register', { body: body(10), headers: from(ip) });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.body.message).toMatch(/Too many accounts were created from your address/);
    // The client may write anything on the left; the rightmost entry not ours is its address.
    expect((await call('POST', '/register', { body: body(11), headers: from(`10.9.8.7, ${ip}`) })).status).toBe(429);
    expect((await call('POST', '/register', { body: body(12), headers: from(address()) })).status).toBe(201);
  });

  it('slows sign-in to one account across every address with growing delays', async () => {
    const user = await seedUser();
    const attempt = (password: string) => call('POST', '/session', { body: { email: user.email, password }, headers: from(address()) });
    for (let i = 0; i < 5; i++) expect((await attempt('wrong password')).status).toBe(422);
    // The sixth failure (from yet another address) starts the delay: 1 s, then 2 s, 4 s …
    expect((await attempt('wrong password')).status).toBe(422);
    const first = await attempt(PASSWORD);
    expect(first.status).toBe(429);
    expect(Number(first.headers.get('retry-after'))).toBe(1);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await attempt('wrong password')).status).toBe(422);
    const second = await attempt(PASSWORD);
    expect(second.status).toBe(429);
    expect(Number(second.headers.get('retry-after'))).toBe(2);
    await new Promise((r) => setTimeout(r, 2100));
    // The right password after the wait signs in and forgets the failures.
    expect((await attempt(PASSWORD)).status).toBe(200);
    expect((await attempt('wrong password')).status).toBe(422);
    expect((await attempt(PASSWORD)).status).toBe(200);
  });

  it('answers an unknown email exactly like a wrong password, checking a dummy hash so it takes as long', async () => {
    const user = await seedUser();
    const ip = address();
    const timed = async (email: string) => {
      const started = performance.now();
      const res = await call('POST', '/session', { body: { email, password: 'not the password' }, headers: from(ip) });
      return { ms: performance.now() - started, status: res.status, body: res.body };
    };
    const known: number[] = [];
    const unknown: number[] = [];
    // A first round warms both paths; then known and unknown alternate, so load on the machine hits both alike
    // (five failures in all for the known account: under its limits).
    await timed(user.email);
    await timed(`warm-${Date.now()}@example.com`);
    for (let i = 0; i < 4; i++) {
      const a = await timed(user.email);
      const b = await timed(`nobody-${i}-${Date.now()}@example.com`);
      expect(b.status).toBe(a.status);
      expect(b.body).toEqual(a.body);
      known.push(a.ms);
      unknown.push(b.ms);
    }
    // Not a benchmark: without the dummy hash an unknown account answered in a fraction of the time (argon2 is
    // most of a sign-in). Load on the machine only ever adds time, so the fastest of each shows the real cost.
    expect(Math.min(...unknown)).toBeGreaterThan(Math.min(...known) * 0.5);
  });
});

describe('forms posted before hydration or without JavaScript', () => {
  it('signs in from a plain form post and redirects; a wrong password shows the page again with the email kept', async () => {
    const user = await seedUser();
    const origin = await ourOrigin();
    const ok = await raw('POST', '/login?redirect=%2Fsettings%2Fnotifications', {
      form: { email: user.email, password: PASSWORD },
      headers: from(address(), { origin }),
    });
    expect(ok.status).toBe(303);
    expect(ok.location).toBe('/settings/notifications');
    expect(ok.cookies.refresh_token).toMatch(/HttpOnly/i);
    const page = await raw('GET', '/settings/notifications', { headers: { cookie: cookieHeader(ok.cookies) } });
    expect(page.status).toBe(200);

    const wrong = await raw('POST', '/login', { form: { email: user.email, password: 'nope' }, headers: from(address(), { origin }) });
    expect(wrong.status).toBe(422);
    expect(wrong.text).toContain('These credentials do not match our records.');
    expect(wrong.text).toContain(`value="${user.email}"`);
    expect(wrong.text).not.toContain('nope');
  });

  it('signs up from a plain form post into a session and the verification screen; errors come back in place', async () => {
    const origin = await ourOrigin();
    const email = `form-${Date.now()}@example.com`;
    const bad = await raw('POST', '/sign-up/podcaster', {
      form: { type: 'PODCASTER', first_name: 'Ana', last_name: '', email, password: 'short' },
      headers: from(address(), { origin }),
    });
    expect(bad.status).toBe(422);
    expect(bad.text).toContain('The last name field is required.');
    expect(bad.text).toContain('The password field must be at least 8 characters.');
    expect(bad.text).toContain(`value="${email}"`);
    expect(bad.text).toContain('value="Ana"');
    expect(bad.text).not.toContain('value="short"');

    const ok = await raw('POST', '/sign-up', {
      form: { type: 'BRAND', first_name: 'Ana', last_name: 'Lima', company_name: 'Lima Roasters', email, password: 'long enough pw' },
      headers: from(address(), { origin }),
    });
    expect(ok.status).toBe(303);
    expect(ok.location).toBe('/verify/email');
    const me = await call('GET', '/api/user', { token: cookieValue(ok.cookies.access_token) });
    expect(me.body.data).toMatchObject({ email, type: 'BRAND', brand: { name: 'Lima Roasters' } });
  });

  it('asks for a reset link and sets a new password from plain form posts', async () => {
    const { dataDir } = await testServer();
    const user = await seedUser();
    const origin = await ourOrigin();
    const asked = await raw('POST', '/password/reset', { form: { email: user.email }, headers: from(address(), { origin }) });
    expect(asked.status).toBe(200);
    expect(asked.text).toContain('If an account uses that address, we have emailed it a password reset link.');
    const link = new URL(linkOf(await waitForMail(dataDir, user.email, (m) => m.subject.includes('Reset')), '/password/reset/'));
    const mismatch = await raw('POST', link.pathname + link.search, {
      form: { email: user.email, password: 'a new password', password_confirmation: 'another' },
      headers: { origin },
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.text).toContain('The password field confirmation does not match.');
    const done = await raw('POST', link.pathname + link.search, {
      form: { email: user.email, password: 'a new password', password_confirmation: 'a new password' },
      headers: { origin },
    });
    expect(done.status).toBe(303);
    expect(done.location).toBe('/login?reset=1');
    expect((await call('GET', '/api/user', { token: user.token })).status).toBe(401);
    await expect(signIn(user.email, 'a new password')).resolves.toBeTruthy();
  });
});
