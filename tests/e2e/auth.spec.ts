import { expect, test } from '@playwright/test';
import { dataDir, freshEmail, hydrated, open, signInAs, verifyEmailFromMail } from './helpers';
import { PORTS } from '../../playwright.config';

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

test('[AUTH]: a brand signs up, verifies the email with the code from the mail, and lands on /campaigns', async ({ page }) => {
  const email = freshEmail('brand');
  await open(page, '/sign-up');
  await page.getByText('A brand', { exact: true }).click();
  await page.getByLabel('First name').fill('Noor');
  await page.getByLabel('Last name').fill('Haddad');
  await page.getByLabel('Company name').fill('Fernwood Tea');
  await page.getByLabel('Work email').fill(email);
  await page.getByLabel('Password').fill('steeped-in-2026');
  await page.getByRole('button', { name: 'Create account' }).click();
  await verifyEmailFromMail(page, email);
  await expect(page).toHaveURL(/\/campaigns$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
});

test('[AUTH]: a podcaster signs up, verifies, and lands on /onboarding', async ({ page }) => {
  const email = freshEmail('podcaster');
  await open(page, '/sign-up/podcaster');
  await expect(page.getByLabel('A podcaster')).toBeChecked();
  await page.getByLabel('First name').fill('Tomás');
  await page.getByLabel('Last name').fill('Aguilar');
  await page.getByLabel('Work email').fill(email);
  await page.getByLabel('Password').fill('on-air-every-week');
  await page.getByRole('button', { name: 'Create account' }).click();
  await verifyEmailFromMail(page, email);
  await expect(page).toHaveURL(/\/onboarding$/);
});

test('[AUTH]: sign-up shows the server’s field errors in place', async ({ page }) => {
  await open(page, '/sign-up');
  await page.getByLabel('Work email').fill('brand@cuepoint.test');
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('The first name field is required.')).toBeVisible();
  await expect(page.getByText('The email has already been taken.')).toBeVisible();
  await expect(page.getByText('The password field must be at least 8 characters.')).toBeVisible();
});

test('[AUTH]: a wrong password is refused with a readable message', async ({ page }) => {
  await signInAs(page, 'brand@cuepoint.test', 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('These credentials do not match our records.');
  await expect(page).toHaveURL(/\/login/);
});

test('[ACCESS]: a guest is sent to /login and comes back to the page it wanted', async ({ page }) => {
  await page.goto('/settings/notifications');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fsettings%2Fnotifications/);
  await hydrated(page);
  await page.getByLabel('Email').fill('brand@cuepoint.test');
  await page.getByLabel('Password').fill('cuepoint-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/settings\/notifications$/);
});

test('[ACCESS]: a podcaster on a brand-only page and a brand on a hosted page get the 404 page', async ({ page }) => {
  await signInAs(page, 'podcaster@cuepoint.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  const res = await page.goto('/campaigns');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 Error. Sorry, we could not find this page' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  expect((await page.goto('/hosting/dashboard'))?.status()).toBe(404);

  await page.goto('/logout');
  await signInAs(page, 'brand@cuepoint.test');
  await expect(page).toHaveURL(/\/campaigns$/);
  expect((await page.goto('/hosting/episodes'))?.status()).toBe(404);
  expect((await page.goto('/sponsorships'))?.status()).toBe(404);
  expect((await page.goto('/no/such/page'))?.status()).toBe(404);
});

test('[SESSION]: a token that expires mid-session is refreshed without the user noticing', async ({ page }) => {
  const base = `http://127.0.0.1:${PORTS.shortTokens}`;
  const email = freshEmail('session');
  await open(page, `${base}/sign-up`);
  await page.getByLabel('First name').fill('Rin');
  await page.getByLabel('Last name').fill('Sato');
  await page.getByLabel('Work email').fill(email);
  await page.getByLabel('Password').fill('refresh-me-please');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/verify\/email/);

  // Access tokens here live 31 s; let this one run out completely while the page sits open.
  // The refresh token is in an HttpOnly cookie: the client asks the server to rotate it (POST /session/refresh).
  const refreshes: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/session/refresh') && r.method() === 'POST') refreshes.push(r.url());
  });
  await hydrated(page);
  await page.waitForTimeout(32_000);
  await page.getByRole('button', { name: 'send a new code' }).click();
  await expect(page.getByText(/We sent a new code to/)).toBeVisible();
  expect(refreshes.length).toBeGreaterThan(0);

  // A page load after expiry is signed in too: the server rotates the refresh cookie.
  await page.waitForTimeout(32_000);
  await page.reload();
  await expect(page).toHaveURL(/\/verify\/email/);
  await hydrated(page);
  await verifyEmailFromMail(page, email, dataDir('e2e-short'));
  await expect(page).toHaveURL(/\/campaigns$/);
});

test('[SESSION]: a 401 is retried once after a refresh, and a failed refresh logs out to /login', async ({ page, context }) => {
  const email = freshEmail('retry');
  await open(page, '/sign-up');
  await page.getByLabel('First name').fill('Ines');
  await page.getByLabel('Last name').fill('Moreau');
  await page.getByLabel('Work email').fill(email);
  await page.getByLabel('Password').fill('retry-after-401');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/verify\/email/);
  await hydrated(page);

  // The access token is revoked behind the client's back, while its expiry cookie still looks fine.
  const at = { domain: new URL(page.url()).hostname, path: '/' };
  await context.addCookies([{ name: 'access_token', value: 'revoked-by-the-server', ...at }]);
  const statuses: number[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith('/api/users/email-verification')) statuses.push(r.status());
  });
  await page.getByRole('button', { name: 'send a new code' }).click();
  await expect(page.getByText(/We sent a new code to/)).toBeVisible();
  expect(statuses).toEqual([401, 200]);

  // With both tokens gone, the refresh fails and the user lands on /login.
  await context.addCookies([
    { name: 'access_token', value: 'revoked-by-the-server', ...at },
    { name: 'refresh_token', value: 'revoked-as-well', ...at },
  ]);
  await page.getByRole('button', { name: 'send a new code' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
