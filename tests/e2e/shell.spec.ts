import { expect, test, type Page } from '@playwright/test';
import { hydrated, signInAs } from './helpers';

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

async function closePopup(page: Page) {
  const popup = page.getByRole('dialog', { name: 'We are now Cuepoint' });
  await expect(popup).toBeVisible();
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(popup).toBeHidden();
}

async function logoutFromMenu(page: Page) {
  // The menu's island hydrates when the browser is idle: on a busy machine a click before then is lost.
  await hydrated(page);
  await page.getByRole('button', { name: /Account menu for/ }).click();
  await page
    .getByRole('menuitem', { name: 'Logout' })
    .or(page.getByRole('link', { name: 'Logout' }))
    .or(page.getByRole('button', { name: 'Logout' }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/login$/);
}

test('[SHELL]: a brand sees the brand menu, the stats links and the startup popup once', async ({ page }) => {
  await signInAs(page, 'brand@cuepoint.test');
  await expect(page).toHaveURL(/\/campaigns$/);
  await closePopup(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const label of ['Campaigns', 'Workrooms', 'Completed Ads', 'Pending Hires', 'Settings'])
    await expect(nav.getByRole('link', { name: label })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Campaigns' })).toHaveAttribute('aria-current', 'page');
  const stats = page.getByRole('navigation', { name: 'Campaign activity' });
  for (const label of ['Ad Proposals', 'Pending Reviews', 'In Progress', 'Completed'])
    await expect(stats.getByRole('link', { name: new RegExp(label) })).toBeVisible();
  await expect(page.getByPlaceholder('Search for sponsorship')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('dialog', { name: 'We are now Cuepoint' })).toHaveCount(0);
  await logoutFromMenu(page);
  expect((await page.goto('/campaigns'))?.url()).toContain('/login?redirect=%2Fcampaigns');
});

test('[SHELL]: a podcaster without hosting sees Apply For Hosting and the sponsorship search', async ({ page }) => {
  await signInAs(page, 'podcaster@cuepoint.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await closePopup(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('button', { name: 'Hosting' })).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: 'Apply For Hosting' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Episodes' })).toHaveCount(0);
  for (const label of ['Sponsorship', 'Workrooms', 'Completed Ads', 'Earnings'])
    await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
  const search = page.getByPlaceholder('Search for sponsorship');
  await search.fill('coffee');
  await expect(page).toHaveURL(/\/sponsorships\?search=coffee$/);
  await logoutFromMenu(page);
});

test('[SHELL]: a hosted podcaster lands on the hosting dashboard with the full Hosting menu', async ({ page }) => {
  await signInAs(page, 'hosted@cuepoint.test');
  await expect(page).toHaveURL(/\/hosting\/dashboard$/);
  await closePopup(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const label of ['Episodes', 'Platforms', 'Feed Settings', 'Reports']) await expect(nav.getByRole('link', { name: label })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Sponsorship' })).toHaveAttribute('aria-expanded', 'false');
  await logoutFromMenu(page);
});

test('[SHELL]: below 1024 px the navigation is a drawer opened from the menu button', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 780 });
  await signInAs(page, 'brand@cuepoint.test');
  await closePopup(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Campaigns' })).toBeHidden();
  await page.getByRole('button', { name: /menu/i }).first().click();
  await expect(nav.getByRole('link', { name: 'Campaigns' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(nav.getByRole('link', { name: 'Campaigns' })).toBeHidden();
});

test('[ADMIN]: an admin imitates the brand, sees the banner, and goes back to admin', async ({ page }) => {
  await signInAs(page, 'admin@cuepoint.test');
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('searchbox', { name: 'Search users' }).fill('brand@cuepoint.test');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('button', { name: 'Imitate brand@cuepoint.test' }).click();
  await expect(page).toHaveURL(/\/campaigns$/);
  await expect(page.getByText(/Maya Okafor/).first()).toBeVisible();
  await page.getByRole('link', { name: 'Go back to admin' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go back to admin' })).toHaveCount(0);
});
