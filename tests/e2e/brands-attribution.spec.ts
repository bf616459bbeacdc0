/** The brand's attribution pages and campaign stats in a real browser (main e2e server, demo data). */
import { expect, test } from '@playwright/test';
import { hydrated, open, signInAs } from './helpers';

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'startup_popup', value: '1', url: baseURL! }]);
});

test('[BRANDS]: a brand adds a site, attributes a campaign to it, adds an event, and reads the campaign stats', async ({ page }) => {
  await signInAs(page, 'brand@cuepoint.test');
  await expect(page).toHaveURL(/\/campaigns/);
  await open(page, '/settings/attribution');
  const domain = `e2e-${Date.now()}.trailheadcoffee.example`;
  // The form is already open when the brand has no sites.
  const form = page.getByRole('form', { name: 'Add site' });
  if (!(await form.isVisible())) await page.getByRole('button', { name: 'Add site' }).click();
  await form.getByRole('button', { name: 'Add site' }).click();
  await expect(form.locator('.cp-field-error')).toHaveText('The domain field is required.');
  await form.getByLabel('Domain').fill(`https://${domain}/cold-brew`);
  await form.getByRole('button', { name: 'Add site' }).click();
  const row = page.getByRole('table', { name: 'Attribution sites' }).locator(`[data-site="${domain}"]`);
  await expect(row).toBeVisible();
  await expect(row.getByText('Active')).toBeVisible();
  await row.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: domain, level: 1 })).toBeVisible();
  await hydrated(page);

  // Campaigns tab: attribute one of the brand's campaigns.
  await page
    .getByRole('navigation', { name: 'Site sections' })
    .getByRole('link', { name: /Campaigns/ })
    .click();
  await expect(page).toHaveURL(/\/edit\/campaigns$/);
  await hydrated(page);
  await page.getByRole('button', { name: 'Add campaign' }).click();
  await expect(page.locator('.cp-field-error')).toHaveText('Choose a campaign.');
  const select = page.getByLabel('Add a campaign');
  const label = (await select.locator('option').nth(1).textContent())!.replace(/ \(now .*\)$/, '');
  await select.selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Add campaign' }).click();
  const attributed = page.getByRole('table', { name: 'Attributed campaigns' });
  await expect(attributed.getByRole('link', { name: label })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Campaigns (1)' })).toBeVisible();

  // Events tab: the predefined events and a custom one, deleted after confirming.
  await page.getByRole('navigation', { name: 'Site sections' }).getByRole('link', { name: 'Events' }).click();
  await hydrated(page);
  const events = page.getByRole('table', { name: 'Events' });
  await expect(events.getByText('Purchase')).toBeVisible();
  await page.getByLabel('New event').fill('Add to cart');
  await page.getByRole('button', { name: 'Add event' }).click();
  const cart = events.locator('[data-event="add-to-cart"]');
  await expect(cart).toBeVisible();
  await cart.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(cart).toHaveCount(0);

  // The list counts the campaign; the campaign's stats name the site.
  await open(page, '/settings/attribution');
  await expect(page.locator(`[data-site="${domain}"] td[data-label="Campaigns"]`)).toHaveText('1');
  await page.locator(`[data-site="${domain}"]`).getByRole('link', { name: 'Edit' }).click();
  await page
    .getByRole('navigation', { name: 'Site sections' })
    .getByRole('link', { name: /Campaigns/ })
    .click();
  await page.getByRole('table', { name: 'Attributed campaigns' }).getByRole('link', { name: label }).click();
  await expect(page).toHaveURL(/\/campaign\/\d+\/stats$/);
  await expect(page.getByRole('heading', { name: `${label}: stats` })).toBeVisible();
  await expect(page.getByTestId('stat-spent')).toHaveText('$0');
  await expect(page.getByRole('link', { name: domain })).toBeVisible();

  // Removing the site asks first.
  await open(page, '/settings/attribution');
  await page.locator(`[data-site="${domain}"]`).getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove site' }).click();
  await expect(page.locator(`[data-site="${domain}"]`)).toHaveCount(0);
});
