import { createServer, type Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { FEED_FIXTURE_PORT } from '../../playwright.config';
import { dismissStartupPopup, freshEmail, hydrated, open, signInAs, verifyEmailFromMail } from './helpers';

const FEED_PATH = '/morning-grind.xml';
const FEED = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
  <channel>
    <title>Morning Grind Radio</title>
    <link>https://morninggrind.example</link>
    <description>Two baristas taste a new coffee every week and talk about the people who grow, roast and brew it.</description>
    <itunes:owner><itunes:name>Ines Duarte</itunes:name><itunes:email>ines@morninggrind.example</itunes:email></itunes:owner>
    <itunes:category text="Leisure"><itunes:category text="Hobbies" /></itunes:category>
    <itunes:category text="Arts" />
    <item>
      <title>Washed vs Natural, Side by Side</title>
      <guid>mgr-12</guid>
      <pubDate>Mon, 03 Nov 2025 07:00:00 GMT</pubDate>
      <enclosure url="https://morninggrind.example/audio/12.mp3" type="audio/mpeg" length="23000000" />
      <itunes:duration>31:20</itunes:duration>
    </item>
    <item>
      <title>Inside a Micro-Roastery</title>
      <guid>mgr-11</guid>
      <pubDate>Mon, 27 Oct 2025 07:00:00 GMT</pubDate>
      <enclosure url="https://morninggrind.example/audio/11.mp3" type="audio/mpeg" length="21000000" />
    </item>
  </channel>
</rss>`;

let feedServer: Server;

test.beforeAll(async () => {
  feedServer = createServer((req, res) => {
    if (req.url === FEED_PATH) {
      res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' });
      res.end(FEED);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => feedServer.listen(FEED_FIXTURE_PORT, '127.0.0.1', resolve));
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => feedServer.close(() => resolve()));
});

test('[PODCASTERS]: a new podcaster adds a feed, sets a schedule, proposes to a campaign and edits the proposal', async ({ page, browser }) => {
  // Sign up and verify
  const email = freshEmail('grind');
  await open(page, '/sign-up/podcaster');
  await page.getByLabel('First name').fill('Ines');
  await page.getByLabel('Last name').fill('Duarte');
  await page.getByLabel('Work email').fill(email);
  await page.getByLabel('Password').fill('pour-over-daily');
  await page.getByRole('button', { name: 'Create account' }).click();
  await verifyEmailFromMail(page, email);
  await expect(page).toHaveURL(/\/onboarding$/);
  await hydrated(page);

  // Onboarding: an unreachable feed gets a field error; the real one is read
  await page.getByLabel('RSS feed URL').fill(`http://127.0.0.1:${FEED_FIXTURE_PORT}/missing.xml`);
  await page.getByRole('button', { name: 'Add podcast' }).click();
  await expect(page.getByText('The feed answered with HTTP status 404.')).toBeVisible();
  await page.getByLabel('RSS feed URL').fill(`http://127.0.0.1:${FEED_FIXTURE_PORT}${FEED_PATH}`);
  await page.getByRole('button', { name: 'Add podcast' }).click();
  const added = page.getByRole('list', { name: 'Your podcasts' });
  await expect(added.getByText('Morning Grind Radio')).toBeVisible();
  await expect(added.getByText('Arts, Leisure')).toBeVisible();
  await page.getByRole('button', { name: 'Finish setup' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await hydrated(page);
  await dismissStartupPopup(page);

  // A weekly schedule, then two dates unavailable (next month always has enough scheduled days)
  await open(page, '/settings/manage-podcasts');
  await expect(page.getByRole('heading', { name: 'Morning Grind Radio', exact: true })).toBeVisible();
  for (const day of ['Monday', 'Wednesday', 'Friday']) await page.getByRole('checkbox', { name: day, exact: true }).check();
  await page.getByRole('button', { name: 'Save schedule' }).click();
  await expect(page.getByText('Schedule saved.')).toBeVisible();
  await page.getByRole('button', { name: 'Next month' }).click();
  const available = page.getByRole('button', { name: /^Spons\. \(Sponsorship\) slot on .*: available$/ });
  const unavailableDates: string[] = [];
  for (let i = 0; i < 2; i++) {
    const chip = available.first();
    const label = (await chip.getAttribute('aria-label'))!;
    const date = /on (.*): available/.exec(label)![1]!;
    unavailableDates.push(date);
    await chip.click();
    await expect(page.getByRole('button', { name: `Spons. (Sponsorship) slot on ${date}: unavailable` })).toBeVisible();
  }
  // Still unavailable after a reload: they are stored
  await open(page, '/settings/manage-podcasts');
  await page.getByRole('button', { name: 'Next month' }).click();
  for (const date of unavailableDates) await expect(page.getByRole('button', { name: `Spons. (Sponsorship) slot on ${date}: unavailable` })).toBeVisible();

  // Find the demo brand's campaign with the top-bar search
  const search = page.getByRole('searchbox', { name: 'Search for sponsorship' });
  await search.fill('Autumn Roast');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/sponsorships\?search=Autumn/);
  await expect(page.getByRole('heading', { name: 'Autumn Roast Launch' })).toBeVisible();
  await expect(page.getByText('Fits your podcast')).toBeVisible();
  await hydrated(page);
  await page.getByRole('link', { name: 'Send proposal for Autumn Roast Launch' }).click();
  await expect(page).toHaveURL(/\/proposal\/create\/step-1$/);
  await hydrated(page);

  // Step 1: two ads with fees
  await page.getByLabel('Include the Sponsorship ad').check();
  await page.getByLabel('Sponsorship fee per episode').fill('250');
  await page.getByLabel('Include the Host-Read ad').check();
  await page.getByLabel('Host-Read fee per episode').fill('400');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/step-2$/);

  // Step 2: dates on the show's calendar with the campaign's delivery date; the days marked unavailable
  // next month show as such and cannot be picked for sponsorship
  const sponsorshipDates = page.getByRole('group', { name: /Sponsorship dates/ });
  await expect(sponsorshipDates.getByText(/The campaign wants its ads delivered by/)).toBeVisible();
  await sponsorshipDates.getByRole('button', { name: 'Next month of Sponsorship dates' }).click();
  await expect(sponsorshipDates.getByText('Unavailable', { exact: true })).toHaveCount(2);
  for (const date of unavailableDates) await expect(sponsorshipDates.getByLabel(`Sponsorship on ${date}`)).toHaveCount(0);
  await sponsorshipDates.getByRole('button', { name: 'Previous month of Sponsorship dates' }).click();
  await sponsorshipDates.getByRole('checkbox').first().check();
  // One episode: one day, listed under the calendar; the other open days wait until it is removed
  await expect(sponsorshipDates.getByRole('list', { name: 'Picked Sponsorship dates' }).getByRole('listitem')).toHaveCount(1);
  await expect(sponsorshipDates.getByRole('checkbox').nth(1)).toBeDisabled();
  await page
    .getByRole('group', { name: /Host-Read dates/ })
    .getByRole('checkbox')
    .nth(1)
    .check();
  await page.getByRole('button', { name: 'Continue' }).click();

  // Step 3: the pitch; step 4: review and send
  await page
    .getByRole('textbox', { name: 'Pitch' })
    .fill('We taste a new coffee on air every week.\n\nEmber would open our autumn episodes, with the WIND15 code read twice.');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('proposal-total')).toHaveText('$650');
  await page.getByRole('button', { name: 'Send proposal' }).click();
  await expect(page).toHaveURL(/\/campaign\/\d+\/proposal\/confirmation$/);
  await expect(page.getByText('Your proposal was sent to')).toBeVisible();

  // It counts as pending
  await open(page, '/sponsorships/pending');
  await expect(page.getByTestId('count-pending')).toHaveText('1');
  await expect(page.getByRole('heading', { name: 'Autumn Roast Launch' })).toBeVisible();
  await expect(page.getByText('Proposal pending')).toBeVisible();

  // Edit it: a higher host-read fee
  await page.getByRole('link', { name: 'Edit proposal for Autumn Roast Launch' }).click();
  await expect(page).toHaveURL(/\/edit\/step-1$/);
  await hydrated(page);
  await expect(page.getByLabel('Host-Read fee per episode')).toHaveValue('400');
  await page.getByLabel('Host-Read fee per episode').fill('450');
  for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('proposal-total')).toHaveText('$700');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(/\/campaign\/\d+\/proposal\/\d+\/confirmation$/);
  await expect(page.getByText('Your changes were sent to')).toBeVisible();
  await expect(page.getByText('$700').first()).toBeVisible();

  // The brand is told about it
  const brandContext = await browser.newContext();
  const brandPage = await brandContext.newPage();
  await signInAs(brandPage, 'brand@cuepoint.test');
  await expect(brandPage).toHaveURL(/\/campaigns/);
  await hydrated(brandPage);
  await dismissStartupPopup(brandPage);
  await brandPage.getByRole('button', { name: /Notifications/ }).click();
  await expect(brandPage.getByText('New proposal from Morning Grind Radio')).toBeVisible();
  await brandContext.close();
});
