import { expect, test, type Page } from '@playwright/test';
import { dismissStartupPopup, hydrated, open, signInAs } from './helpers';

/** A 240×160 PNG drawn in the page (a sunrise over a track), to crop. */
async function drawnPng(page: Page): Promise<Buffer> {
  const b64 = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 240;
    c.height = 160;
    const ctx = c.getContext('2d')!;
    const g = ctx.createLinearGradient(0, 0, 0, 160);
    g.addColorStop(0, '#f97316');
    g.addColorStop(1, '#1e3a8a');
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, 240, 160);
    ctx.fillStyle = '#fde68a';
    ctx.beginPath();
    ctx.arc(120, 110, 40, 0, Math.PI * 2);
    ctx.fill();
    return c.toDataURL('image/png').split(',')[1]!;
  });
  return Buffer.from(b64, 'base64');
}

test('[PODCASTERS]: crops and uploads podcast artwork, sends manual stats, and an admin verifies them', async ({ page, browser }) => {
  await signInAs(page, 'podcaster@cuepoint.test', undefined, '/settings/manage-podcasts');
  await expect(page).toHaveURL(/\/settings\/manage-podcasts/);
  await open(page, '/settings/manage-podcasts');
  await dismissStartupPopup(page);

  // Artwork: pick a picture, move it in the cropper with the keyboard, zoom, save.
  const png = await drawnPng(page);
  await page.getByLabel('Change artwork of Second Wind Running').setInputFiles({ name: 'sunrise.png', mimeType: 'image/png', buffer: png });
  const dialog = page.getByRole('dialog', { name: 'Crop the artwork of Second Wind Running' });
  await expect(dialog).toBeVisible();
  const area = dialog.getByRole('application');
  await area.focus();
  await area.press('ArrowLeft');
  await dialog.getByRole('slider', { name: 'Zoom' }).fill('1.5');
  const saved = page.waitForResponse((r) => r.url().includes('/avatars') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Save picture' }).click();
  expect((await saved).status()).toBe(200);
  await expect(dialog).toBeHidden();
  const art = page.getByRole('img', { name: 'Second Wind Running artwork' });
  await expect(art).toHaveAttribute('src', /^\/api\/file\/\d+$/);
  await expect.poll(() => art.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(400);

  // Manual stats: listens plus a screenshot through the uploader.
  const stats = page.getByRole('heading', { name: 'Manual stats for Second Wind Running' }).locator('..');
  await stats.getByLabel('Average listens per episode').fill('3250');
  await stats.getByLabel('Screenshot or report').setInputFiles({ name: 'buzzsprout-stats.png', mimeType: 'image/png', buffer: png });
  await expect(stats.getByRole('listitem').filter({ hasText: 'buzzsprout-stats.png' })).toHaveAttribute('data-state', 'success');
  await stats.getByRole('button', { name: 'Send for verification' }).click();
  const submissions = stats.getByRole('list', { name: 'Manual stats submissions for Second Wind Running' });
  await expect(submissions.getByRole('listitem').first()).toContainText('3,250 listens');
  await expect(submissions.getByRole('listitem').first()).toContainText('Waiting for verification');
  await expect(stats).toContainText('are waiting for verification');

  // The admin verifies them.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAs(admin, 'admin@cuepoint.test', undefined, '/admin/manual-stats');
  await expect(admin).toHaveURL(/\/admin\/manual-stats/);
  await open(admin, '/admin/manual-stats');
  await dismissStartupPopup(admin);
  await expect(admin.getByRole('heading', { name: 'Second Wind Running: 3,250 listens' })).toBeVisible();
  await admin.getByRole('button', { name: 'Verify 3250 listens of Second Wind Running' }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'Numbers verified' })).toBeVisible();
  await expect(admin.getByRole('heading', { name: 'Second Wind Running: 3,250 listens' })).toHaveCount(0);
  await adminContext.close();

  // The podcaster sees them verified, and the bell has the notification.
  await expect(page.getByRole('button', { name: /Notifications, [1-9]\d*\+? new notification/ })).toBeVisible();
  await page.reload();
  await hydrated(page);
  const first = page.getByRole('list', { name: 'Manual stats submissions for Second Wind Running' }).getByRole('listitem').first();
  await expect(first).toContainText('Verified');
  await expect(first.getByRole('button', { name: /Remove/ })).toHaveCount(0);
});
