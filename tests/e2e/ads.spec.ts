/**
 * Automated ads in a real browser (main e2e server, demo data): the brand finds the demo line on its
 * campaign's stats, adds a line with a spot through the uploader, and sees it live; the live demo show's
 * episode, downloaded, carries the demo spot.
 */
import { mkdirSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { hydrated, signInAs } from './helpers';

const SHOTS = '/tmp/shots-ads';

/** Scrolls an island that hydrates when visible into view and waits until every island on the page has hydrated. */
async function visibleHydrated(page: Page, locator: Locator) {
  await locator.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
}

test('[ADS]: a brand adds an automated line with a spot and a budget from the campaign stats', async ({ page, baseURL }) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.context().addCookies([{ name: 'startup_popup', value: '1', url: baseURL! }]);
  await signInAs(page, 'brand@cuepoint.test');
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/campaigns');
  await hydrated(page);
  const campaign = page.getByRole('link', { name: 'Autumn Roast Launch' }).first();
  const href = await campaign.getAttribute('href');
  const id = /\/campaign\/(\d+)/.exec(href ?? '')?.[1];
  expect(id).toBeTruthy();
  await page.goto(`/campaign/${id}/stats`);
  await hydrated(page);
  const section = page.getByRole('region', { name: 'Automated ads' });
  await expect(section.getByRole('table', { name: 'Automated lines' })).toContainText('Autumn Roast jingle');

  await visibleHydrated(page, section.getByRole('button', { name: 'Add an automated line' }));
  await section.getByRole('button', { name: 'Add an automated line' }).click();
  const form = section.getByRole('form', { name: 'New automated line' });
  await form.getByLabel('Line name').fill('Autumn Roast 15s');
  await form.locator('input[type="file"]').setInputFiles('tests/fixtures/audio/tone.mp3');
  await expect(form.getByRole('list', { name: 'Uploads' })).toContainText('tone.mp3');
  await form.getByLabel('CPM (price per 1,000 impressions, $)').fill('30.00');
  await form.getByLabel('Budget ($)').fill('150.00');
  await form.getByRole('checkbox', { name: 'Mid-roll' }).uncheck();
  await form.getByRole('checkbox', { name: 'Phone' }).check();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/line-form-1280.png`, fullPage: true });
  await form.getByRole('button', { name: 'Create line and charge budget' }).click();

  const lines = page.getByRole('table', { name: 'Automated lines' });
  await expect(lines).toContainText('Autumn Roast 15s');
  await expect(lines.getByRole('row').filter({ hasText: 'Autumn Roast 15s' })).toContainText('$150');
  await page.screenshot({ path: `${SHOTS}/campaign-stats-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${SHOTS}/campaign-stats-375.png`, fullPage: true });
});

test('[ADS]: the live demo show marks its ad positions on the timeline and its podcaster sees the ad revenue section', async ({ page, baseURL }) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.context().addCookies([{ name: 'startup_popup', value: '1', url: baseURL! }]);
  await signInAs(page, 'live@cuepoint.test');
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/hosting/episodes');
  await hydrated(page);
  await page
    .getByRole('link', { name: /^Edit / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/hosting\/episode\/[^/]+\/edit$/);
  await hydrated(page);
  const timeline = page.getByRole('slider', { name: 'Episode timeline: position for a new mid-roll' });
  await visibleHydrated(page, timeline);
  await timeline.focus();
  for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  const positions = page.getByRole('list', { name: 'Ad positions' });
  await expect(positions).toContainText('0:10');
  await page.getByRole('button', { name: 'Save ad positions' }).click();
  await expect(page.getByText('Ad positions saved.')).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/episode-markers-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${SHOTS}/episode-markers-375.png`, fullPage: true });

  await page.goto('/hosting/reports');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: /Automated ads/ })).toBeVisible();
  await expect(page.getByText('may take up to 60 days', { exact: false }).first()).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/reports-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${SHOTS}/reports-375.png`, fullPage: true });
});
