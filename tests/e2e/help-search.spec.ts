import { expect, test } from '@playwright/test';
import { open } from './helpers';

test('[HELP]: Help search answers as you type, in place, with ?q= kept in the address', async ({ page }) => {
  await open(page, '/help');
  // A marker on the window survives only if the page is never reloaded or navigated away from.
  await page.evaluate(() => Object.assign(window, { __helpMarker: 'same-page' }));
  // Same-document URL changes (history.replaceState) are reported too: each may differ only by ?q=.
  const navigations: string[] = [];
  page.on('framenavigated', (f) => f === page.mainFrame() && navigations.push(f.url()));
  let loads = 0;
  page.on('load', () => loads++);

  const box = page.getByLabel('Search the Help Center');
  await box.pressSequentially('change air date');
  const results = page.getByRole('region', { name: /articles? for “change air date”/ });
  await expect(results.getByRole('link').first()).toHaveText(/^Booking or changing an ad.s air date$/);
  await expect(page.getByRole('status')).toHaveText(/articles? for “change air date”/);
  expect(new URL(page.url()).pathname).toBe('/help');
  expect(new URL(page.url()).searchParams.get('q')).toBe('change air date');
  expect(await page.evaluate(() => (window as unknown as { __helpMarker?: string }).__helpMarker)).toBe('same-page');
  expect(loads).toBe(0);
  expect(navigations.length).toBeGreaterThan(0);
  for (const u of navigations) expect(`${new URL(u).origin}${new URL(u).pathname}`).toBe(new URL('/help', page.url()).href);

  // Arrow keys move from the box through the results.
  await box.press('ArrowDown');
  await expect(results.getByRole('link').first()).toBeFocused();

  // Nothing matches: the empty state points to support.
  await box.fill('zzqx blorf');
  await expect(page.getByRole('heading', { name: 'No articles match “zzqx blorf”' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contact support' })).toBeVisible();

  // A reload (or a shared link) shows the same results, rendered by the server.
  await box.fill('refunded');
  const refunded = page.getByRole('region', { name: 'article for “refunded”' });
  await expect(refunded.getByRole('link', { name: 'Refunds and cancellations' })).toBeVisible();
  await expect(page).toHaveURL(/\/help\?q=refunded$/);
  await page.reload();
  await expect(refunded.getByRole('link', { name: 'Refunds and cancellations' })).toBeVisible();
  await expect(page.getByLabel('Search the Help Center')).toHaveValue('refunded');
});
