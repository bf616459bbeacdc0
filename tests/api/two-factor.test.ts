/**
 * Issue 34: two-factor sign-in. An authenticator app (TOTP) set up with its first code, ten recovery
 * codes shown once; the second factor asked after the password on /oauth/token (mfa_required), POST
 * /session and the /login form; a code good once; throttled like a password; admins led to enrol
 * before anything works; step-up (a recent proof) before payouts and sign-in changes, checked on the
 * test-moved step-up clock.
 */
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { PASSWORD, seedUser, totpSecrets } from '../support/builders';
import { call, page } from '../support/http';
import { mailTo, waitForMail } from '../support/mail';
import { cookieHeader, ourOrigin, raw } from '../support/raw';
import { testServer } from '../support/test-server';
import { currentStep, nextTotpCode, noteStepUsed, totpAt } from '../support/two-factor';

const CLIENT = { client_id: 'cuepoint-web', client_secret: 'cuepoint-web-client-secret', scope: '' };
let addresses = 0;
const from = () => ({ 'x-forwarded-for': `198.51.100.${++addresses}` });
const grant = (email: string, extra: Record<string, string> = {}) => ({ grant_type: 'password', username: email, password: PASSWORD, ...CLIENT, ...extra });

/** A user with an authenticator app set up through the API; answers the secret and recovery codes. */
async function withTotp(type: 'BRAND' | 'PODCASTER' = 'BRAND') {
  const user = await seedUser({ type });
  const setup = await call('POST', '/api/user/two-factor/totp', { token: user.token });
  expect(setup.status).toBe(200);
  const secret: string = setup.body.secret;
  const code = await nextTotpCode(secret, user.email);
  const confirmed = await call('POST', '/api/user/two-factor/totp/confirm', { token: user.token, body: { code } });
  expect(confirmed.status).toBe(200);
  totpSecrets.set(user.email, secret);
  return { user, secret, recovery: confirmed.body.recovery_codes as string[] };
}

const advance = (seconds: number) => call('POST', '/api/dev/clock', { body: { advance_seconds: seconds } });

describe('setting up an authenticator app', () => {
  it('answers {secret, otpauth_url} with a QR code, turns on with the first code, shows ten recovery codes once and mails the owner', async () => {
    const user = await seedUser();
    const setup = await call('POST', '/api/user/two-factor/totp', { token: user.token });
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauth_url).toMatch(/^otpauth:\/\/totp\/Cuepoint:.+\?.*secret=/);
    expect(setup.body.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect((await call('GET', '/api/user', { token: user.token })).body.data.two_factor_enabled).toBe(false);

    const wrong = await call('POST', '/api/user/two-factor/totp/confirm', { token: user.token, body: { code: '000000' } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.code).toBeTruthy();
    const ok = await call('POST', '/api/user/two-factor/totp/confirm', {
      token: user.token,
      body: { code: await nextTotpCode(setup.body.secret, user.email) },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.recovery_codes).toHaveLength(10);
    expect(new Set(ok.body.recovery_codes).size).toBe(10);
    expect((await call('GET', '/api/user', { token: user.token })).body.data.two_factor_enabled).toBe(true);
    const summary = (await call('GET', '/api/user/two-factor', { token: user.token })).body.data;
    expect(summary).toMatchObject({ enabled: true, totp: { enabled: true }, recovery_codes: { remaining: 10, total: 10 }, passkeys: [] });
    // Once set up, a second setup is refused; the codes are never shown again.
    expect((await call('POST', '/api/user/two-factor/totp', { token: user.token })).status).toBe(422);
    expect(JSON.stringify(summary)).not.toContain(ok.body.recovery_codes[0]);
    const mail = await waitForMail((await testServer()).dataDir, user.email, (m) => /Two-factor authentication is on/.test(m.subject));
    expect(mail.text).toContain('authenticator app');
  });
});

describe('signing in with a second factor', () => {
  it('/oauth/token answers 400 mfa_required with an mfa_token, then tokens for the same request with a right otp, never without it', async () => {
    const { user, secret } = await withTotp();
    const first = await call('POST', '/oauth/token', { body: grant(user.email), headers: from() });
    expect(first.status).toBe(400);
    expect(first.body).toMatchObject({ error: 'mfa_required', mfa_methods: ['totp', 'recovery_code'] });
    expect(first.body.access_token).toBeUndefined();
    const mfa_token: string = first.body.mfa_token;
    expect(mfa_token.length).toBeGreaterThan(20);

    const wrong = await call('POST', '/oauth/token', { body: grant(user.email, { mfa_token, otp: '123456' }), headers: from() });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('invalid_grant');
    expect(wrong.body.access_token).toBeUndefined();
    // A wrong password with the token and a right code is still a wrong password.
    const badPassword = await call('POST', '/oauth/token', {
      body: { ...grant(user.email, { mfa_token, otp: '123456' }), password: 'not the password' },
      headers: from(),
    });
    expect(badPassword.status).toBe(400);
    expect(badPassword.body.error).toBe('invalid_grant');

    const code = await nextTotpCode(secret, user.email);
    const ok = await call('POST', '/oauth/token', { body: grant(user.email, { mfa_token, otp: code }), headers: from() });
    expect(ok.status).toBe(200);
    expect(ok.body.access_token).toBeTruthy();
    expect((await call('GET', '/api/user', { token: ok.body.access_token })).body.data.email).toBe(user.email);

    // The same code again (a replay within its window) is refused, and so is the spent mfa_token.
    const again = await call('POST', '/oauth/token', { body: grant(user.email), headers: from() });
    const replay = await call('POST', '/oauth/token', { body: grant(user.email, { mfa_token: again.body.mfa_token, otp: code }), headers: from() });
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe('invalid_grant');
    const spent = await call('POST', '/oauth/token', { body: grant(user.email, { mfa_token, otp: code }), headers: from() });
    expect(spent.body.error).toBe('invalid_grant');
  }, 60_000);

  it('a recovery code signs in once in place of the code, and the owner is told', async () => {
    const { user, recovery } = await withTotp();
    const first = await call('POST', '/oauth/token', { body: grant(user.email), headers: from() });
    const ok = await call('POST', '/oauth/token', {
      body: grant(user.email, { mfa_token: first.body.mfa_token, recovery_code: recovery[3]!.toUpperCase() }),
      headers: from(),
    });
    expect(ok.status).toBe(200);
    const second = await call('POST', '/oauth/token', { body: grant(user.email), headers: from() });
    const reused = await call('POST', '/oauth/token', {
      body: grant(user.email, { mfa_token: second.body.mfa_token, recovery_code: recovery[3]! }),
      headers: from(),
    });
    expect(reused.status).toBe(400);
    expect((await call('GET', '/api/user/two-factor', { token: ok.body.access_token })).body.data.recovery_codes.remaining).toBe(9);
    await waitForMail((await testServer()).dataDir, user.email, (m) => /recovery code was used/.test(m.subject));
  });

  it('POST /session asks for the second step and sets cookies only after POST /session/two-factor', async () => {
    const { user, secret } = await withTotp();
    const origin = await ourOrigin();
    const first = await raw('POST', '/session', { json: { email: user.email, password: PASSWORD }, headers: { origin, ...from() } });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ mfa_required: true, methods: ['totp', 'recovery_code'] });
    expect(first.cookies.refresh_token).toBeUndefined();
    const wrong = await raw('POST', '/session/two-factor', { json: { mfa_token: first.json.mfa_token, otp: '000000' }, headers: { origin, ...from() } });
    expect(wrong.status).toBe(422);
    expect(wrong.json.errors.otp).toBeTruthy();
    expect(wrong.cookies.refresh_token).toBeUndefined();
    const ok = await raw('POST', '/session/two-factor', {
      json: { mfa_token: first.json.mfa_token, otp: await nextTotpCode(secret, user.email) },
      headers: { origin, ...from() },
    });
    expect(ok.status).toBe(200);
    expect(ok.cookies.refresh_token).toMatch(/HttpOnly/);
    // Another site cannot drive the second step.
    const cross = await raw('POST', '/session/two-factor', {
      json: { mfa_token: first.json.mfa_token, otp: '111111' },
      headers: { origin: 'https://evil.example' },
    });
    expect(cross.status).toBe(403);
  });

  it('the /login form without JavaScript shows the code step, then signs in with the code', async () => {
    const { user, secret } = await withTotp();
    const origin = await ourOrigin();
    const step = await raw('POST', '/login?redirect=/settings/signin-method', {
      form: { email: user.email, password: PASSWORD },
      headers: { origin, ...from() },
    });
    expect(step.status).toBe(200);
    expect(step.text).toContain('Authentication code');
    expect(step.cookies.refresh_token).toBeUndefined();
    const token = /name="mfa_token" value="([^"]+)"/.exec(step.text)?.[1];
    expect(token).toBeTruthy();
    const wrong = await raw('POST', '/login?redirect=/settings/signin-method', {
      form: { mfa_token: token!, otp: '000000', methods: 'totp' },
      headers: { origin, ...from() },
    });
    expect(wrong.text).toContain('That code is not right');
    expect(wrong.text).toContain('name="mfa_token"');
    const done = await raw('POST', '/login?redirect=/settings/signin-method', {
      form: { mfa_token: token!, otp: await nextTotpCode(secret, user.email) },
      headers: { origin, ...from() },
    });
    expect(done.status).toBe(303);
    expect(done.location).toBe('/settings/signin-method');
    const settings = await page('/settings/signin-method', cookieHeader(done.cookies));
    expect(settings.html).toContain('Two-factor authentication');
  });

  it('wrong codes are throttled like passwords (429 with Retry-After)', async () => {
    const { user } = await withTotp();
    const ip = from();
    let last = await call('POST', '/oauth/token', { body: grant(user.email), headers: ip });
    for (let i = 0; i < 6; i++) {
      // A fresh mfa_token each time (one takes 5 wrong codes, then it is spent): the account's own throttle answers.
      const step = await call('POST', '/oauth/token', { body: grant(user.email), headers: ip });
      last = await call('POST', '/oauth/token', { body: grant(user.email, { mfa_token: step.body.mfa_token, otp: '000000' }), headers: ip });
    }
    expect(last.status).toBe(429);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('accepts the code of the step before or after (clock drift), and no step at or before the last one used', async () => {
    const { user, secret } = await withTotp();
    const step = currentStep();
    noteStepUsed(user.email, step + 1);
    const first = await call('POST', '/oauth/token', { body: grant(user.email), headers: from() });
    const drift = await call('POST', '/oauth/token', {
      body: grant(user.email, { mfa_token: first.body.mfa_token, otp: totpAt(secret, step + 1) }),
      headers: from(),
    });
    expect(drift.status).toBe(200);
    const again = await call('POST', '/oauth/token', { body: grant(user.email), headers: from() });
    const older = await call('POST', '/oauth/token', {
      body: grant(user.email, { mfa_token: again.body.mfa_token, otp: totpAt(secret, step) }),
      headers: from(),
    });
    expect(older.status).toBe(400);
    expect(new TOTP({ secret: Secret.fromBase32(secret) }).generate()).toMatch(/^\d{6}$/);
  });
});

describe('admins', () => {
  it('cannot act without a second factor: the API answers 403 two_factor_required and pages lead to /two-factor/setup', async () => {
    const admin = await seedUser({ type: 'ADMIN', twoFactor: false });
    const coupons = await call('GET', '/api/admin/coupons', { token: admin.token });
    expect(coupons.status).toBe(403);
    expect(coupons.body.error).toBe('two_factor_required');
    expect((await call('GET', '/api/user', { token: admin.token })).status).toBe(200);
    const adminPage = await page('/admin/coupons', admin.cookie);
    expect(adminPage.status).toBe(302);
    expect(adminPage.location).toBe('/two-factor/setup?redirect=%2Fadmin%2Fcoupons');
    const setupPage = await page('/two-factor/setup', admin.cookie);
    expect(setupPage.status).toBe(200);
    expect(setupPage.html).toContain('Set up two-factor authentication');

    // Enrolling opens the doors; the last factor cannot be removed, nor two-factor turned off.
    const setup = await call('POST', '/api/user/two-factor/totp', { token: admin.token });
    const ok = await call('POST', '/api/user/two-factor/totp/confirm', {
      token: admin.token,
      body: { code: await nextTotpCode(setup.body.secret, admin.email) },
    });
    expect(ok.status).toBe(200);
    expect((await call('GET', '/api/admin/coupons', { token: admin.token })).status).toBe(200);
    expect((await call('DELETE', '/api/user/two-factor/totp', { token: admin.token })).status).toBe(422);
    expect((await call('DELETE', '/api/user/two-factor', { token: admin.token })).status).toBe(422);
  });

  it('seeded admins sign in with their code (the test helper answers it)', async () => {
    const admin = await seedUser({ type: 'ADMIN' });
    expect((await call('GET', '/api/admin/coupons', { token: admin.token })).status).toBe(200);
  });
});

describe('step-up', () => {
  it('a payout asks again after 10 minutes (on the moved step-up clock): password without a second factor', async () => {
    const podcaster = await seedUser({ type: 'PODCASTER' });
    const fresh = await call('POST', '/api/payouts', { token: podcaster.token, body: {} });
    expect(fresh.body.error).not.toBe('step_up_required');
    await advance(9 * 60);
    expect((await call('POST', '/api/payouts', { token: podcaster.token, body: {} })).body.error).not.toBe('step_up_required');
    await advance(2 * 60);
    const stale = await call('POST', '/api/payouts', { token: podcaster.token, body: {} });
    expect(stale.status).toBe(403);
    expect(stale.body).toMatchObject({ error: 'step_up_required', methods: ['password'] });
    expect((await call('GET', '/api/payouts/connect-url?provider=paypal', { token: podcaster.token })).body.error).toBe('step_up_required');
    const wrong = await call('POST', '/api/user/two-factor/step-up', { token: podcaster.token, body: { password: 'nope' } });
    expect(wrong.status).toBe(422);
    const ok = await call('POST', '/api/user/two-factor/step-up', { token: podcaster.token, body: { password: PASSWORD } });
    expect(ok.status).toBe(200);
    expect(ok.body.verified_until).toBeTruthy();
    expect((await call('POST', '/api/payouts', { token: podcaster.token, body: {} })).body.error).not.toBe('step_up_required');
    expect((await call('GET', '/api/payouts/connect-url?provider=paypal', { token: podcaster.token })).status).toBe(200);
  });

  it('with two-factor on, email and password changes and turning it off ask for the second factor after 10 minutes', async () => {
    const { user, secret } = await withTotp('PODCASTER');
    await advance(11 * 60);
    const change = await call('PUT', '/api/user/password', {
      token: user.token,
      body: { current_password: PASSWORD, password: 'another good one', password_confirmation: 'another good one' },
    });
    expect(change.status).toBe(403);
    expect(change.body.methods).toEqual(['totp', 'recovery_code']);
    expect((await call('POST', '/api/user/email', { token: user.token, body: { email: 'new@example.com', current_password: PASSWORD } })).status).toBe(403);
    expect((await call('DELETE', '/api/user/two-factor', { token: user.token })).status).toBe(403);
    // The password does not stand in for the second factor.
    expect((await call('POST', '/api/user/two-factor/step-up', { token: user.token, body: { password: PASSWORD } })).status).toBe(422);
    const ok = await call('POST', '/api/user/two-factor/step-up', { token: user.token, body: { otp: await nextTotpCode(secret, user.email) } });
    expect(ok.status).toBe(200);
    expect((await call('DELETE', '/api/user/two-factor', { token: user.token })).status).toBe(204);
    expect((await call('GET', '/api/user', { token: user.token })).body.data.two_factor_enabled).toBe(false);
    await waitForMail((await testServer()).dataDir, user.email, (m) => /turned off/.test(m.subject));
    expect(mailTo((await testServer()).dataDir, user.email).length).toBeGreaterThanOrEqual(2);
  });
});
