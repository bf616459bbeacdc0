import { expect, type Page, test } from '@playwright/test';
import { codeOf, waitForMail } from '../support/mail';
import { dataDir, hydrated, open, signInAs } from './helpers';

test.beforeEach(async ({ context, baseURL }) => {
  await context.clearCookies();
  await context.addCookies([{ name: 'startup_popup', value: '1', url: baseURL ?? '' }]);
});

async function openChat(page: Page) {
  await page.getByRole('button', { name: /Account menu for/ }).click();
  await page.getByRole('button', { name: 'Contact us' }).click();
  return page.getByRole('dialog', { name: 'Cuepoint support' });
}

test('[SUPPORT]: a brand asks in the chat, an admin answers live, and the brand sees it with an unread badge', async ({ page, browser, baseURL }) => {
  await signInAs(page, 'brand@cuepoint.test');
  await expect(page).toHaveURL(/\/campaigns$/);
  await hydrated(page);
  const chat = await openChat(page);
  await expect(chat.getByText(/Hi Maya! Ask us anything/)).toBeVisible();
  const question = `Can I move the Autumn Roast delivery date? (${Date.now()})`;
  await chat.getByLabel('Message to Cuepoint support').fill(question);
  await chat.getByLabel('Message to Cuepoint support').press('Enter');
  await expect(chat.getByRole('log').getByText(question)).toBeVisible();
  await chat.getByRole('button', { name: 'Close the support chat' }).click();

  const adminContext = await browser.newContext({ baseURL });
  await adminContext.addCookies([{ name: 'startup_popup', value: '1', url: baseURL ?? '' }]);
  const admin = await adminContext.newPage();
  await signInAs(admin, 'admin@cuepoint.test');
  await admin.waitForURL(/\/admin$/);
  await open(admin, '/admin/support');
  await admin.getByRole('button', { name: /Maya Okafor/ }).click();
  const pane = admin.getByRole('region', { name: 'Conversation with Maya Okafor' });
  await expect(pane.getByText(question)).toBeVisible();
  await expect(pane.getByText('brand@cuepoint.test · Brand', { exact: true })).toBeVisible();
  await pane.getByLabel('Answer Maya Okafor').fill('Yes: Edit campaign, then Budget & schedule.');
  await pane.getByRole('button', { name: 'Send' }).click();
  // Sent: the answer stands in the thread and the composer is empty again.
  await expect(pane.getByRole('paragraph').filter({ hasText: 'Yes: Edit campaign, then Budget & schedule.' })).toBeVisible();
  await expect(pane.getByLabel('Answer Maya Okafor')).toHaveValue('');

  // The brand's page never reloaded: the badge and the answer arrive over realtime.
  await expect(page.getByRole('button', { name: /Account menu for Maya Okafor, 1 unread from support/ })).toBeVisible();
  const again = await openChat(page);
  await expect(again.getByText('Yes: Edit campaign, then Budget & schedule.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Account menu for Maya Okafor$/ })).toBeVisible();

  await pane.getByRole('button', { name: 'Mark solved' }).click();
  await expect(again.getByText(/marked this conversation as solved/)).toBeVisible();
  await adminContext.close();
});

test('[ACCOUNT]: a user changes their email with the code sent to the new address and sees their sessions', async ({ page }) => {
  // A demo brand no other spec signs in as: its address changes here.
  await signInAs(page, 'partnerships@lumensleep.example');
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  await open(page, '/settings/account');
  await expect(page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Account' })).toHaveAttribute('aria-current', 'page');
  const next = `daniel-${Date.now()}@example.com`;
  await page.getByRole('button', { name: 'Change email' }).click();
  await page.getByLabel('New email address').fill(next);
  await page.getByLabel('Current password').fill('not my password');
  await page.getByRole('button', { name: 'Send confirmation code' }).click();
  await expect(page.getByText('The password is incorrect.')).toBeVisible();
  await page.getByLabel('Current password').fill('cuepoint-demo');
  await page.getByRole('button', { name: 'Send confirmation code' }).click();
  await expect(page.getByText(`We sent a 6-digit code to ${next}`)).toBeVisible();
  await page.getByLabel('Code from the email').fill(codeOf(await waitForMail(dataDir(), next)));
  await page.getByRole('button', { name: 'Confirm new email' }).click();
  const main = page.getByRole('main');
  await expect(main.getByText(next, { exact: true })).toBeVisible();
  await page.reload();
  await expect(main.getByText(next, { exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/settings\/signin-method#password$/);
  await expect(page.getByRole('heading', { name: 'Where you are signed in' })).toBeVisible();
  await expect(page.getByText('This device', { exact: true })).toBeVisible();
});

test('[HELP]: the Help Center is linked from the profile menu, searchable and readable', async ({ page }) => {
  await signInAs(page, 'podcaster@cuepoint.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await hydrated(page);
  await page.getByRole('button', { name: /Account menu for/ }).click();
  await page.getByRole('link', { name: 'Help Center' }).click();
  await expect(page.getByRole('heading', { name: 'Help Center', level: 1 })).toBeVisible();
  await page.getByLabel('Search the Help Center').fill('owner email');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name: 'Adding and verifying your podcast' }).first().click();
  await expect(page.getByRole('heading', { name: 'Adding and verifying your podcast', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Changing the feed address' })).toBeVisible();
  await hydrated(page);
  // 'Chat with us' opens the support chat on the article.
  await page.getByRole('link', { name: 'Chat with us' }).click();
  await expect(page.getByRole('dialog', { name: 'Cuepoint support' })).toBeVisible();
});

test('[PREMIUM]: an editor marks a show premium from the podcasts list', async ({ page }) => {
  await signInAs(page, 'admin@cuepoint.test');
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  await open(page, '/admin/podcasts?search=Ledger');
  const toggle = page.getByRole('button', { name: 'Mark as premium' });
  await toggle.click();
  await expect(page.getByRole('button', { name: 'Remove premium mark' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('link', { name: 'Ledger & Latte' }).click();
  // The show's own page, hydrated: the list has the same badge and toggle, and a click before its island
  // hydrated would be lost.
  await expect(page.getByRole('heading', { name: 'Ledger & Latte', level: 1 })).toBeVisible();
  await hydrated(page);
  await expect(page.getByText('★ Premium')).toBeVisible();
  await page.getByRole('button', { name: 'Remove premium mark' }).click();
  await expect(page.getByRole('button', { name: 'Mark as premium' })).toBeVisible();
});
