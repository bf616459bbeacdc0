import { expect, test, type Page, type Route } from '@playwright/test';
import { dataDir, DEMO_PASSWORD, freshEmail, hydrated } from './helpers';
import { linkOf, waitForMail } from '../support/mail';

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

/** Holds every script of the page until `release()` is called: the page is on screen, its islands not yet hydrated. */
async function holdScripts(page: Page): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let released = false;
  await page.route('**/_astro/*.js', (route) => (released ? route.continue() : void held.push(route)));
  return async () => {
    released = true;
    await Promise.all(held.map((r) => r.continue()));
  };
}

test('[FORMS]: sign-in submitted before the island hydrated is handled by the server and redirects', async ({ page }) => {
  await holdScripts(page);
  // The page is on screen; its scripts never arrive, so the island stays server-rendered markup.
  await page.goto('/login?redirect=%2Fsettings%2Fnotifications', { waitUntil: 'commit' });
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.locator('astro-island[ssr]:has(form)')).toHaveCount(1);
  await page.getByLabel('Email').fill('brand@cuepoint.test');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/settings\/notifications$/);
  const refresh = (await page.context().cookies()).find((c) => c.name === 'refresh_token');
  expect(refresh?.httpOnly).toBe(true);
});

test('[FORMS]: what was typed before hydration is kept and sent once the island hydrated', async ({ page }) => {
  const release = await holdScripts(page);
  const email = freshEmail('typed-early');
  await page.goto('/sign-up', { waitUntil: 'commit' });
  await expect(page.locator('astro-island[ssr]:has(form)')).toHaveCount(1);
  await page.getByLabel('First name').fill('Early');
  await page.getByLabel('Last name').fill('Typist');
  await page.getByLabel('Company name').fill('Quick Brown Fox Co.');
  await page.getByLabel('Work email').fill(email);
  await page.getByLabel('Password').fill('typed-before-hydration');
  await release();
  await hydrated(page);
  await expect(page.getByLabel('Work email')).toHaveValue(email);
  await expect(page.getByLabel('First name')).toHaveValue('Early');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/verify\/email$/);
  await expect(page.getByText(email)).toBeVisible();
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('[FORMS]: a wrong password shows the server’s message with the email kept, then sign-in works', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill('podcaster@cuepoint.test');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('These credentials do not match our records.');
    await expect(page.getByLabel('Email')).toHaveValue('podcaster@cuepoint.test');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('[FORMS]: sign-up shows field errors in place, keeps what was typed, then creates the account', async ({ page }) => {
    const email = freshEmail('no-js');
    await page.goto('/sign-up/podcaster');
    await expect(page.getByLabel('Company name')).toBeHidden();
    await page.getByLabel('First name').fill('Nadia');
    await page.getByLabel('Work email').fill(email);
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('The last name field is required.')).toBeVisible();
    await expect(page.getByText('The password field must be at least 8 characters.')).toBeVisible();
    await expect(page.getByLabel('First name')).toHaveValue('Nadia');
    await expect(page.getByLabel('Work email')).toHaveValue(email);
    await expect(page.getByLabel('A podcaster')).toBeChecked();
    await page.getByLabel('Last name').fill('Haddad');
    await page.getByLabel('Password').fill('no-scripts-needed');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/verify\/email$/);
  });

  test('[FORMS]: a password reset is asked for and completed without scripts', async ({ page }) => {
    const email = freshEmail('reset-no-js');
    await page.goto('/sign-up');
    await page.getByLabel('First name').fill('Reset');
    await page.getByLabel('Last name').fill('Me');
    await page.getByLabel('Work email').fill(email);
    await page.getByLabel('Password').fill('the-first-password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/verify\/email$/);
    await page.context().clearCookies();

    await page.goto('/password/reset');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Email me a reset link' }).click();
    await expect(page.getByRole('status')).toHaveText('If an account uses that address, we have emailed it a password reset link.');
    const link = linkOf(await waitForMail(dataDir(), email, (m) => m.subject.includes('Reset')), '/password/reset/');
    await page.goto(new URL(link).pathname + new URL(link).search);
    await page.getByLabel('New password', { exact: true }).fill('the-second-password');
    await page.getByLabel('Confirm new password').fill('the-second-password');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page).toHaveURL(/\/login\?reset=1$/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('the-second-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    // The reset link proved the mailbox, so the email counts as verified.
    await expect(page).toHaveURL(/\/campaigns$/);
  });
});
