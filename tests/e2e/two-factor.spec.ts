/**
 * Issue 34: two-factor sign-in in the browser. The demo admin enrols an authenticator app at its first
 * sign-in and afterwards signs in with a code and not without it; a new account adds a passkey
 * (Chromium's virtual authenticator) and signs in with it after the password, or with the passkey
 * alone, and not without it; /oauth/token asks both for their second factor; a payout asks again
 * once 10 minutes have passed (the server's step-up clock, moved forward); an anonymous POST to the
 * demo host changes nothing.
 */
import { expect, test, type Page } from '@playwright/test';
import { PORTS } from '../../playwright.config';
import { nextTotpCode } from '../support/two-factor';
import { answerSecondFactor, dataDir, DEMO_PASSWORD, freshEmail, open, signInAs, totpSecretOf, verifyEmailFromMail } from './helpers';

const CLIENT = { client_id: 'cuepoint-web', client_secret: 'cuepoint-web-client-secret', scope: '' };
const ADMIN = 'admin@cuepoint.test';

test.beforeEach(async ({ context, baseURL }) => {
  await context.clearCookies();
  await context.addCookies([{ name: 'startup_popup', value: '1', url: baseURL! }]);
});

async function signOut(page: Page) {
  await page.goto('/logout');
  await page.context().clearCookies();
}

test('[SECURITY]: the demo admin sets up an authenticator app at first sign-in, then signs in with a code and never without one', async ({ page, baseURL }) => {
  await open(page, '/login');
  await page.getByLabel('Email').fill(ADMIN);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // On a server where no test enrolled it yet, the admin is led to the setup; elsewhere the code is asked.
  await answerSecondFactor(page, ADMIN);
  await expect(page).toHaveURL(/\/admin$/);
  const origin = new URL(baseURL!).origin;
  const secret = totpSecretOf(origin, ADMIN)!;
  expect(secret).toBeTruthy();
  await signOut(page);

  // The password alone: the second step, no session.
  await open(page, '/login?redirect=/admin/coupons');
  await page.getByLabel('Email').fill(ADMIN);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await page.getByLabel('Authentication code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText('That code is not right');
  expect((await page.context().cookies()).find((c) => c.name === 'refresh_token')).toBeUndefined();
  await page.getByLabel('Authentication code').fill(await nextTotpCode(secret, `${origin}|${ADMIN}`));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin\/coupons$/);

  // The API: mfa_required, then tokens only with the code.
  const first = await page.request.post('/oauth/token', { data: { grant_type: 'password', username: ADMIN, password: DEMO_PASSWORD, ...CLIENT } });
  expect(first.status()).toBe(400);
  const body = await first.json();
  expect(body.error).toBe('mfa_required');
  expect(body.access_token).toBeUndefined();
  const withCode = await page.request.post('/oauth/token', {
    data: {
      grant_type: 'password',
      username: ADMIN,
      password: DEMO_PASSWORD,
      ...CLIENT,
      mfa_token: body.mfa_token,
      otp: await nextTotpCode(secret, `${origin}|${ADMIN}`),
    },
  });
  expect(withCode.status()).toBe(200);
});

test('[SECURITY]: a passkey (virtual authenticator) signs in after the password or alone, and nothing signs in without it', async ({ page, context }) => {
  test.setTimeout(120_000);
  const base = `http://localhost:${PORTS.passkeys}`;
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const email = freshEmail('passkey');
  const password = 'passkeys-are-nice';
  await context.addCookies([{ name: 'startup_popup', value: '1', url: base }]);
  await open(page, `${base}/sign-up`);
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Keys');
  await page.getByLabel('Work email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await verifyEmailFromMail(page, email, dataDir('e2e-passkeys'));
  await expect(page).toHaveURL(/\/campaigns$/);

  await open(page, `${base}/settings/signin-method`);
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
  await dialog.getByLabel('Name').fill('Test laptop');
  await dialog.getByRole('button', { name: 'Create passkey' }).click();
  const codes = page.getByRole('dialog', { name: 'Your recovery codes' });
  await expect(codes.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await codes.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  await expect(page.getByRole('list', { name: 'Your passkeys' })).toContainText('Test laptop');
  await expect(page.locator('.tf-status--on')).toHaveText('On');
  expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toHaveLength(1);

  // After the password, the passkey is the second step.
  await page.goto(`${base}/logout`);
  await context.clearCookies();
  await open(page, `${base}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  // Without it there is no session.
  expect((await context.cookies(base)).find((c) => c.name === 'refresh_token')).toBeUndefined();
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL(/\/campaigns$/);

  // The passkey alone.
  await page.goto(`${base}/logout`);
  await context.clearCookies();
  await open(page, `${base}/login`);
  await page.getByRole('button', { name: 'Continue with a passkey' }).click();
  await expect(page).toHaveURL(/\/campaigns$/);

  // The API: mfa_required (a passkey needs a browser, so only a recovery code answers there), no token without it.
  const api = await page.request.post(`${base}/oauth/token`, { data: { grant_type: 'password', username: email, password, ...CLIENT } });
  expect(api.status()).toBe(400);
  expect((await api.json()).error).toBe('mfa_required');

  // Another device without the passkey: the password alone gets nowhere.
  await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
  await page.goto(`${base}/logout`);
  await context.clearCookies();
  await open(page, `${base}/settings/signin-method`);
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await page.goto(`${base}/settings/signin-method`);
  await expect(page).toHaveURL(/\/login/);
});

test('[SECURITY]: a payout asks again once 10 minutes have passed since the sign-in', async ({ page }) => {
  await signInAs(page, 'podcaster@cuepoint.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  // Right after signing in, connecting a payout method asks nothing more.
  await open(page, '/settings/payout-method');
  await page.getByRole('button', { name: /Connect Stripe/ }).click();
  await page.getByRole('button', { name: 'Connect test account' }).click();
  await expect(page.getByText('Stripe is connected.')).toBeVisible();
  // The server's step-up clock (APP_ENV=test only) moves 11 minutes forward.
  expect((await page.request.post('/api/dev/clock', { data: { advance_seconds: 660 } })).status()).toBe(200);
  await open(page, '/settings/earnings');
  const available = (await page.getByTestId('earnings-available').textContent())?.trim() ?? '';
  expect(available).not.toBe('$0');
  await page.getByRole('button', { name: `Pay out ${available}` }).click();
  await page
    .getByRole('dialog', { name: `Pay out ${available}?` })
    .getByRole('button', { name: 'Pay out' })
    .click();
  const stepUp = page.getByRole('dialog', { name: 'Confirm it’s you' });
  await expect(stepUp).toBeVisible();
  await stepUp.getByLabel('Password').fill('not my password');
  await stepUp.getByRole('button', { name: 'Confirm' }).click();
  await expect(stepUp.getByRole('alert')).toContainText('The password is incorrect.');
  await stepUp.getByLabel('Password').fill(DEMO_PASSWORD);
  await stepUp.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('earnings-available')).toHaveText('$0');
  await expect(page.getByTestId('earnings-paid-out')).toContainText(available);
});

test('[SECURITY]: an anonymous or cross-site POST to the demo host changes nothing and never answers 500', async ({ request }) => {
  const feed = '/feeds/demo-host/night-shift-stories.xml';
  const before = await (await request.get(feed)).text();
  expect(before).toContain('<rss');
  const anonymous = await request.post('/feeds/demo-host/night-shift-stories', {
    form: { txt: 'stolen-code', redirect_to: 'https://evil.example/feed.xml' },
    headers: { origin: new URL((await request.get('/login')).url()).origin },
  });
  expect(anonymous.status()).toBe(401);
  const crossSite = await request.post('/feeds/demo-host/night-shift-stories', {
    form: { txt: 'stolen-code', redirect_to: 'https://evil.example/feed.xml' },
    headers: { origin: 'https://evil.example' },
  });
  expect(crossSite.status()).toBe(403);
  for (const body of ['{"txt":', 'null', '\u0000', '%%%&&&']) {
    for (const type of ['application/json', 'text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'multipart/form-data']) {
      const res = await request.post('/feeds/demo-host/night-shift-stories', { data: body, headers: { 'content-type': type } });
      expect(res.status(), `${type} ${body}`).toBeLessThan(500);
    }
  }
  expect(await (await request.get(feed)).text()).toBe(before);
  // The settings page is the podcaster's: a visitor is sent to sign in.
  const settings = await request.get('/feeds/demo-host/', { maxRedirects: 0 });
  expect(settings.status()).toBe(303);
  expect(settings.headers().location).toContain('/login');
});
