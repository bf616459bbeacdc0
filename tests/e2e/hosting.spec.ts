import { expect, test, type Page } from '@playwright/test';
import Parser from 'rss-parser';
import { PORTS } from '../../playwright.config';
import { FEEDS, startHostingFeedServer, type HostingFeedServer } from '../fixtures/feeds/hosting/feed-server.mjs';
import { linkOf, waitForMail } from '../support/mail';
import { dataDir, freshEmail, hydrated, open, signInAs } from './helpers';

const BASE = `http://127.0.0.1:${PORTS.hosting}`;
const MAIL_DIR = dataDir('e2e-hosting');
let feeds: HostingFeedServer;

test.use({ baseURL: BASE, permissions: ['clipboard-read', 'clipboard-write'] });

test.beforeAll(async () => {
  // Each audio copy takes a moment, as from a real host, so the progress bar can be watched.
  feeds = await startHostingFeedServer({ port: PORTS.feeds, audioDelayMs: 700 });
});

test.afterAll(async () => {
  await feeds.close();
});

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
  await context.addCookies([{ name: 'startup_popup', value: '1', url: BASE }]);
});

/** 'Action required' → Re-check RSS Feed → the link of the mail sent to the feed's owner → the page moves on by itself. */
async function verifyOwnership(page: Page, ownerEmail: string) {
  await expect(page.getByText('Action required')).toBeVisible();
  await hydrated(page);
  await page.getByRole('button', { name: 'Re-check RSS Feed' }).click();
  await expect(page.getByText('New verification email was sent to your inbox.')).toBeVisible();
  const mail = await waitForMail(MAIL_DIR, ownerEmail);
  const link = linkOf(mail, '/verified/');
  const tab = await page.context().newPage();
  await tab.goto(link);
  await tab.close();
  // The verified-state poll notices and the wrapper shows onboarding.
  await expect(page.getByRole('heading', { name: 'Get started' })).toBeVisible();
}

/** The 4-step wizard up to Finish. */
async function runWizard(page: Page, expected: { episodes: number; category?: string }) {
  await hydrated(page);
  await expect(page.getByRole('button', { name: 'Previous' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Review terms and conditions' })).toBeVisible();
  await expect(page.getByText('Last updated January 07, 2025')).toBeVisible();
  await expect(page.getByText(/Philadelphia County/)).toBeVisible();
  // Back and forth.
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByRole('heading', { name: 'Get started' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'I Accept and Agree' }).click();
  await expect(page.getByRole('heading', { name: 'Help' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'step-by-step guide' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Previous' })).toHaveCount(0);
  await expect(page.getByTestId('total-episodes')).toHaveText(String(expected.episodes));
  const finish = page.getByRole('button', { name: 'Finish' });
  await expect(finish).toBeDisabled();
  if (expected.category) {
    await page.getByLabel('Category').selectOption({ label: expected.category });
  } else {
    await expect(page.getByLabel('Category')).toHaveCount(0);
  }
  await page.getByLabel('Confirm that you have disabled DAI on your old account').check();
  await page.getByLabel(/to confirm/).fill('migration');
  await expect(finish).toBeDisabled();
  await page.getByLabel(/to confirm/).fill('MIGRATION');
  await expect(finish).toBeEnabled();
  await finish.click();
}

/** Progress seen live, then the Setup redirect screen; answers the new feed URL. */
async function watchMigration(page: Page): Promise<string> {
  await expect(page.getByRole('heading', { name: 'We are migrating your podcast now...' })).toBeVisible();
  const bar = page.getByRole('progressbar', { name: 'Migration progress' });
  await expect(bar).toHaveAttribute('aria-valuenow', /^([1-9]|[1-9]\d)$/);
  await expect(page.getByRole('heading', { name: 'Setup redirect' })).toBeVisible({ timeout: 30_000 });
  return page.getByLabel('New RSS link').inputValue();
}

/** The hosted feed, read by a third-party parser, has every original GUID and playable enclosures. */
async function checkHostedFeed(page: Page, feedUrl: string, guids: string[]) {
  const res = await page.request.get(feedUrl);
  expect(res.status()).toBe(200);
  expect(res.headers()['etag']).toBeTruthy();
  expect(res.headers()['last-modified']).toBeTruthy();
  const feed = await new Parser({ customFields: { feed: ['itunes:new-feed-url'] as never[] } }).parseString(await res.text());
  expect(feed.items.map((i) => i.guid).sort()).toEqual([...guids].sort());
  expect((feed as unknown as Record<string, string>)['itunes:new-feed-url']).toBe(feedUrl);
  const enclosure = feed.items[0]!.enclosure!.url;
  expect(enclosure.startsWith(`${BASE}/media/`)).toBe(true);
  const part = await page.request.get(enclosure, { headers: { range: 'bytes=0-2' } });
  expect(part.status()).toBe(206);
  expect((await part.body()).toString()).toBe('ID3');
}

/** CHECK REDIRECT fails while the old feed answers, succeeds once it answers 301 to the new feed. */
async function establishRedirect(page: Page, feedPath: string, feedUrl: string) {
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('New RSS link copied')).toBeVisible();
  await expect(page.getByText('Keep your old hosting account for a month', { exact: false })).toBeVisible();
  // The stand-in host is on 127.0.0.1, an unknown platform: the user picks a provider.
  await page.getByLabel('Your current hosting provider').selectOption({ label: 'Libsyn' });
  await expect(page.getByRole('heading', { name: 'Redirect your feed on Libsyn' })).toBeVisible();
  await page.getByRole('button', { name: 'CHECK REDIRECT' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Could not establish redirect, please setup the redirect on your current hosting.');
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText('Could not establish redirect.', { exact: true })).toBeVisible();
  feeds.redirect(feedPath, feedUrl, 301);
  // The check is throttled to once per 5 s on the server: retry until it is let through.
  await expect(async () => {
    await page.getByRole('button', { name: 'CHECK REDIRECT' }).click();
    await expect(page.getByText('Redirect established!')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'One last thing...' })).toBeVisible();
}

async function finishAndListEpisodes(page: Page, guids: string[]) {
  await expect(page.getByRole('heading', { name: "You're all set!" })).toBeVisible();
  await hydrated(page);
  await page.getByRole('button', { name: 'View Episodes' }).click();
  await expect(page).toHaveURL(/\/hosting\/episodes$/);
  const rows = page.getByRole('table', { name: 'Episodes' }).locator('tbody tr');
  await expect(rows).toHaveCount(guids.length);
  for (const guid of guids) await expect(page.getByText(`GUID: ${guid}`, { exact: true })).toBeVisible();
  await open(page, '/hosting/dashboard');
  await expect(page.locator('.hosting-stat').filter({ hasText: 'Episodes' }).locator('dd')).toHaveText(String(guids.length));
}

/** Feed Settings: field errors in place (first message per field, cleared on the next save), then the saved values in the hosted feed. */
async function editFeedSettings(page: Page, feedUrl: string) {
  await open(page, '/hosting/feed');
  await hydrated(page);
  const form = page.getByRole('form', { name: 'Feed settings' });
  const fieldError = (text: string) => form.locator('.cp-field-error', { hasText: text });
  await form.getByLabel('Title').fill('');
  await form.getByLabel('Owner email').fill('not-an-email');
  await form.getByRole('button', { name: 'Save feed settings' }).click();
  await expect(fieldError('The title field is required.')).toBeVisible();
  await expect(fieldError('Enter a valid email address.')).toBeVisible();
  await expect(form.getByRole('alert').filter({ hasText: '(and 1 more error)' })).toBeVisible();
  await form.getByLabel('Title').fill('Night Shift Stories: After Hours');
  await form.getByLabel('Owner email').fill('priya@nightshiftstories.example');
  await form.getByLabel('Author').fill('Priya Natarajan');
  await form.getByLabel('Language').selectOption('en-gb');
  await form.getByLabel('Category').selectOption({ label: 'Fiction' });
  await form.getByLabel('Copyright').fill('© 2025 Priya Natarajan');
  await form.getByLabel('This show contains explicit content').check();
  const description = form.getByRole('textbox', { name: 'Description' });
  await description.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Stories told between midnight and dawn.');
  await form.getByRole('button', { name: 'Save feed settings' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText('Feed settings saved.')).toBeVisible();
  await expect(form.locator('.cp-field-error')).toHaveCount(0);
  const xml = await (await page.request.get(feedUrl)).text();
  const feed = await new Parser({ customFields: { feed: ['language', 'copyright', 'itunes:explicit'] as never[] } }).parseString(xml);
  expect(feed.title).toBe('Night Shift Stories: After Hours');
  expect(feed.description).toContain('Stories told between midnight and dawn.');
  expect(feed.itunes?.author).toBe('Priya Natarajan');
  expect(feed.itunes?.owner?.email).toBe('priya@nightshiftstories.example');
  expect(feed.itunes?.categories).toContain('Fiction');
  const extra = feed as unknown as Record<string, string>;
  expect(extra.language).toBe('en-gb');
  expect(extra.copyright).toBe('© 2025 Priya Natarajan');
  expect(extra['itunes:explicit']).toBe('true');
  // The form shows the saved values after a reload.
  await open(page, '/hosting/feed');
  await expect(page.getByRole('form', { name: 'Feed settings' }).getByLabel('Title')).toHaveValue('Night Shift Stories: After Hours');
}

/** Platforms: mark Apple Podcasts listed; episode edit: the change reaches the feed, then the edit-success page. */
async function platformsAndEpisodeEdit(page: Page, feedUrl: string) {
  await open(page, '/hosting/platform');
  await hydrated(page);
  await expect(page.getByTestId('feed-url')).toHaveText(feedUrl);
  const apple = page.locator('[data-directory="apple"]');
  await apple.getByRole('button', { name: 'Update status' }).click();
  await apple.getByLabel('Status', { exact: true }).selectOption('listed');
  await apple.getByLabel('Listing address (optional)').fill('not a link');
  await apple.getByRole('button', { name: 'Save' }).click();
  await expect(apple.locator('.cp-field-error')).toHaveText('Enter the full address of your show’s page, starting with https://.');
  await apple.getByLabel('Listing address (optional)').fill('https://podcasts.apple.com/us/podcast/night-shift-stories/id1580000000');
  await apple.getByRole('button', { name: 'Save' }).click();
  await expect(apple.getByText('Listed', { exact: true })).toBeVisible();
  await expect(apple.getByRole('link', { name: 'View your listing' })).toBeVisible();

  await open(page, '/hosting/episodes');
  await page
    .getByRole('table', { name: 'Episodes' })
    .getByRole('link', { name: /^Edit / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/hosting\/episode\/[\w-]+\/edit$/);
  await hydrated(page);
  const form = page.getByRole('form', { name: 'Edit episode' });
  await form.getByLabel('Title').fill('The Night Porter (remastered)');
  await form.getByLabel('Season').fill('2');
  await form.getByRole('button', { name: 'Save episode' }).click();
  await expect(page).toHaveURL(/\/success$/);
  await expect(page.getByRole('heading', { name: 'Your changes are saved' })).toBeVisible();
  expect(await (await page.request.get(feedUrl)).text()).toContain('<title>The Night Porter (remastered)</title>');
}

test('[HOSTING]: the demo hosted show is verified, migrated, redirected and connected to Stripe', async ({ page }) => {
  const guids = ['b3a1c2f0-6d2e-4a57-9b8e-2f1d7c4e9a31', 'libsyn-418032-ep-0017', 'libsyn-418032-ep-0016', 'https://nightshiftstories.example/?p=212'];
  await signInAs(page, 'hosted@cuepoint.test');
  await expect(page).toHaveURL(/\/hosting\/dashboard$/);
  await verifyOwnership(page, 'priya@nightshiftstories.example');
  await runWizard(page, { episodes: 4 });
  const feedUrl = await watchMigration(page);
  expect(feedUrl).toMatch(new RegExp(`^${BASE}/feeds/[\\w-]+\\.xml$`));
  await checkHostedFeed(page, feedUrl, guids);
  await establishRedirect(page, FEEDS.libsyn.path, feedUrl);

  // Payouts: Stripe for a US account, through the stand-in provider and back with the success cookie.
  await page.getByRole('button', { name: 'Set Up Payouts' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set Up Payouts' });
  await expect(dialog.getByText('For the US')).toBeVisible();
  await dialog.getByRole('button', { name: /Stripe/ }).click();
  await expect(page).toHaveURL(/\/hosting\/dashboard$/);
  await expect(page.getByText('Stripe is connected. Payouts will go to this account.')).toBeVisible();
  await finishAndListEpisodes(page, guids);
  await editFeedSettings(page, feedUrl);
  await platformsAndEpisodeEdit(page, feedUrl);
});

test('[HOSTING]: a podcaster invited to hosting signs up and brings a Buzzsprout show over', async ({ page }) => {
  const email = freshEmail('trailside');
  await signInAs(page, 'admin@cuepoint.test');
  await expect(page).toHaveURL(/\/admin/);
  await open(page, '/admin/hosting');
  await page.getByLabel('Owner email').fill(email);
  await page.getByLabel('RSS feed').fill(feeds.url(FEEDS.buzzsprout.path));
  await page.getByRole('button', { name: 'Send invitation' }).click();
  const invite = linkOf(await waitForMail(MAIL_DIR, email), '/sign-up/hosting/');

  await page.context().clearCookies();
  await page.context().addCookies([{ name: 'startup_popup', value: '1', url: BASE }]);
  await open(page, invite);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel('First name').fill('Marco');
  await page.getByLabel('Last name').fill('Bellini');
  await page.getByLabel('Password').fill('lichen-and-moss-42');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/hosting\/dashboard$/);

  // The feed names its owner only in podcast:locked.
  await verifyOwnership(page, 'hello@trailsideecology.example');
  await runWizard(page, { episodes: 3, category: 'Science' });
  const feedUrl = await watchMigration(page);
  const guids = ['Buzzsprout-16234871', 'Buzzsprout-16011402', 'Buzzsprout-15870233'];
  await checkHostedFeed(page, feedUrl, guids);
  await establishRedirect(page, FEEDS.buzzsprout.path, feedUrl);
  await page.getByRole('button', { name: "I'll do this later" }).click();
  await finishAndListEpisodes(page, guids);
});
