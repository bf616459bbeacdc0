import { expect, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { codeOf, waitForMail } from '../support/mail';

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

/** Signs in through the login form. */
export async function signInAs(page: Page, email: string, password = DEMO_PASSWORD, redirect?: string) {
  await open(page, redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Closes the startup popup when it shows. */
export async function dismissStartupPopup(page: Page) {
  // The popup's island hydrates when the browser is idle and opens its dialog in an effect after
  // that: a single look could come before it opens, and the dialog would then cover the next click.
  if ((await page.locator('astro-island[component-url*="StartupPopup"]').count()) === 0) return;
  const dialog = page.getByRole('dialog', { name: 'We are now Cuepoint' });
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
