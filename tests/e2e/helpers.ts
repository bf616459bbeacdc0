import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { codeOf, waitForMail } from '../support/mail';
import { nextTotpCode } from '../support/two-factor';

export const DEMO_PASSWORD = 'cuepoint-demo';
export const dataDir = (name = 'e2e') => fileURLToPath(new URL(`../.artifacts/${name}`, import.meta.url));

/** A unique address for a new account. */
export const freshEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/**
 * Waits until every island on the page has hydrated (Astro drops the `ssr` attribute then); islands
 * that hydrate only when scrolled into view (client:visible) are not waited for. The document must be
 * parsed first: just after a navigation commits, the islands may not be in it yet, and a query for
 * unhydrated ones would find none (a click then reached a menu button before React did).
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => document.readyState !== 'loading' && !document.querySelector('astro-island[ssr]:not([client="visible"])'));
}

/** Opens a page and waits for its islands, so typing is not lost to hydration. */
export async function open(page: Page, url: string) {
  await page.goto(url);
  await hydrated(page);
}

/** Accounts whose second factor the browser tests answer (the demo admin must have one). */
const TWO_FACTOR_ACCOUNTS = new Set(['admin@cuepoint.test']);

/**
 * The authenticator secrets the tests set up, per server (origin) and account, kept in a file so a
 * restarted test worker still knows them (each server starts on a fresh database, and sets them up anew).
 */
const SECRETS_FILE = fileURLToPath(new URL('../.artifacts/totp-secrets.json', import.meta.url));
const readSecrets = (): Record<string, string> => (existsSync(SECRETS_FILE) ? JSON.parse(readFileSync(SECRETS_FILE, 'utf8')) : {});
export function rememberTotpSecret(origin: string, email: string, secret: string) {
  mkdirSync(fileURLToPath(new URL('../.artifacts/', import.meta.url)), { recursive: true });
  writeFileSync(SECRETS_FILE, JSON.stringify({ ...readSecrets(), [`${origin}|${email}`]: secret }));
}
export const totpSecretOf = (origin: string, email: string): string | undefined => readSecrets()[`${origin}|${email}`];

/**
 * Answers the second step after the password: the code of the account's known authenticator, or, on a
 * server where the admin has none yet, its enrolment (the QR code's setup key, the first code, the
 * recovery codes), as a new user of `npm start` does at their first sign-in.
 */
export async function answerSecondFactor(page: Page, email: string) {
  const origin = new URL(page.url()).origin;
  const code = page.getByLabel('Authentication code');
  const setup = page.getByRole('heading', { name: 'Set up two-factor authentication' });
  await expect(code.or(setup)).toBeVisible();
  if (await setup.isVisible()) {
    await hydrated(page);
    await page.getByRole('button', { name: 'Use an authenticator app' }).click();
    const secret = ((await page.locator('.tf-secret code').textContent()) ?? '').replace(/\s/g, '');
    rememberTotpSecret(origin, email, secret);
    await page.getByLabel('Verification code').fill(await nextTotpCode(secret, `${origin}|${email}`));
    await page.getByRole('button', { name: 'Verify and turn on' }).click();
    await page.getByRole('button', { name: 'I have saved them: continue' }).click();
    return;
  }
  const secret = totpSecretOf(origin, email);
  if (!secret) throw new Error(`No authenticator secret is known for ${email} on ${origin}`);
  await hydrated(page);
  await code.fill(await nextTotpCode(secret, `${origin}|${email}`));
  await page.getByRole('button', { name: 'Verify' }).click();
}

/** Signs in through the login form (and answers the second factor of the accounts that have one). */
export async function signInAs(page: Page, email: string, password = DEMO_PASSWORD, redirect?: string) {
  await open(page, redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (TWO_FACTOR_ACCOUNTS.has(email)) await answerSecondFactor(page, email);
}

/** Closes the startup popup when it shows. */
export async function dismissStartupPopup(page: Page) {
  // The popup's island hydrates when the browser is idle and opens its dialog in an effect after
  // that: a single look could come before it opens, and the dialog would then cover the next click.
  if ((await page.locator('astro-island[component-url*="StartupPopup"]').count()) === 0) return;
  // The rename to accounts from before it, a welcome to newer ones (issue 37).
  const dialog = page.getByRole('dialog', { name: /^(We are now Cuepoint|Welcome to Cuepoint)$/ });
  await dialog.waitFor({ state: 'visible' });
  await dialog
    .getByRole('button', { name: /close|got it|maybe later/i })
    .first()
    .click();
  await dialog.waitFor({ state: 'hidden' });
}

/** Reads the code from the verification mail and enters it. */
export async function verifyEmailFromMail(page: Page, email: string, dir = dataDir()) {
  await expect(page).toHaveURL(/\/verify\/email/);
  await hydrated(page);
  const code = codeOf(await waitForMail(dir, email));
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify email' }).click();
}

/** A browser context signed in as `email` through the token API (two sides of a workroom side by side), the startup popup seen. */
export async function signedInContext(browser: Browser, baseURL: string, email: string, viewport = { width: 1280, height: 800 }): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport });
  const res = await context.request.post('/oauth/token', {
    data: {
      grant_type: 'password',
      client_id: 'cuepoint-web',
      client_secret: 'cuepoint-web-client-secret',
      username: email,
      password: DEMO_PASSWORD,
      scope: '',
    },
  });
  expect(res.ok()).toBe(true);
  const t = (await res.json()) as { access_token: string; refresh_token: string; expires_in: number };
  const url = new URL(baseURL);
  const cookie = (name: string, value: string) => ({ name, value, domain: url.hostname, path: '/' });
  await context.addCookies([
    cookie('access_token', t.access_token),
    cookie('refresh_token', t.refresh_token),
    cookie('token_expires_at', String(Date.now() + t.expires_in * 1000)),
    cookie('startup_popup', '1'),
  ]);
  return context;
}
