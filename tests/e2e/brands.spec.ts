/**
 * The brand's whole path in a real browser. This spec runs the built server in the test process
 * (tests/support/test-server.ts) with the demo data, so the podcaster's proposal can be inserted
 * through the test builders while the brand watches the feed.
 */
import { expect, test, type Page } from '@playwright/test';
import { and, eq } from 'drizzle-orm';
import { testServer, type TestServer } from '../support/test-server';
import { seedProposal } from '../support/campaign-builders';
import { getDb } from '../../src/lib/server/db/client';
import { campaigns, podcasts, users } from '../../src/lib/server/db/schema';
import { answerSecondFactor, DEMO_PASSWORD, freshEmail, hydrated, verifyEmailFromMail } from './helpers';

let srv: TestServer;

test.beforeAll(async () => {
  srv = await testServer();
  const runtime = (await import('../../dist/server/runtime.mjs' as string)) as { seedDemo(): Promise<void>; isDatabaseEmpty(): Promise<boolean> };
  if (await runtime.isDatabaseEmpty()) await runtime.seedDemo();
});

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
  // The startup popup is remembered in a cookie; set it so it does not cover the screens.
  await context.addCookies([{ name: 'startup_popup', value: '1', url: srv.baseUrl }]);
});

const at = (path: string) => `${srv.baseUrl}${path}`;

async function go(page: Page, path: string) {
  await page.goto(at(path));
  await hydrated(page);
}

async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await go(page, '/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (email === 'admin@cuepoint.test') await answerSecondFactor(page, email);
}

async function signOut(page: Page) {
  // A call of the page's still in flight when the session ends answers 401, and the page then signs out by itself
  // (a form POST to /logout, lib/session.ts), which aborts this navigation (seen in CI): let its calls end first.
  await page.waitForLoadState('networkidle');
  await page.goto(at('/logout'));
  await page.context().clearCookies();
  await page.context().addCookies([{ name: 'startup_popup', value: '1', url: srv.baseUrl }]);
}

test('[BRANDS]: a new brand creates a campaign, gets it approved, receives a proposal live, acts on it and hires two jobs', async ({ page }) => {
  test.setTimeout(180_000);
  const email = freshEmail('brand');
  // Sign up and verify from the mail.
  await go(page, '/sign-up');
  await page.getByText('A brand', { exact: true }).click();
  await page.getByLabel('First name').fill('Ines');
  await page.getByLabel('Last name').fill('Moreau');
  await page.getByLabel('Company name').fill('Alpine Oat Bars');
  await page.getByLabel('Work email').fill(email);
  await page.getByLabel('Password').fill('granola-at-dawn-26');
  await page.getByRole('button', { name: 'Create account' }).click();
  await verifyEmailFromMail(page, email, srv.dataDir);
  await expect(page).toHaveURL(/\/campaigns$/);
  await expect(page.getByRole('heading', { name: 'Create your first campaign' })).toBeVisible();

  // Details: errors in place, then saved; leave as a draft.
  await page.getByRole('link', { name: 'Create campaign' }).first().click();
  await expect(page).toHaveURL(/\/campaign\/create\/details$/);
  await hydrated(page);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.locator('p.cp-field-error', { hasText: 'The title field is required.' })).toBeVisible();
  await page.getByLabel('Campaign title').fill('Summit Bar Launch');
  await page.getByLabel('Description').fill('Oat bars baked for long climbs. We want runners and hikers to try them.');
  await page.getByLabel('Product URL').fill('https://alpineoat.example/summit');
  await page.getByLabel('Sports').check();
  await page.getByLabel('Health & Fitness').check();
  await page.getByRole('button', { name: 'Save draft and exit' }).click();
  await expect(page).toHaveURL(/\/campaigns$/);
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();

  // Resume the draft: it continues at the ads tab.
  await page.getByRole('link', { name: 'Continue Summit Bar Launch' }).click();
  await expect(page).toHaveURL(/\/edit\/ads$/);
  await hydrated(page);
  await page.getByLabel('Host-Read').check();
  await page.getByLabel('What should the Host-Read ad say?').fill('Eat one on your long run and tell listeners how it went.');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  // Budget and schedule.
  await expect(page).toHaveURL(/\/edit\/budget$/);
  await hydrated(page);
  await page.getByLabel('Budget').fill('2500');
  await page.getByLabel('Duration (days)').fill('21');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.locator('p.cp-field-error', { hasText: 'The delivery date field is required.' })).toBeVisible();
  const delivery = page.getByRole('button', { name: /Delivery date/ });
  await delivery.click();
  await page.getByRole('button', { name: /Next month/i }).click();
  await page.getByRole('button', { name: /^\w+, \w+ 15, \d{4}$/ }).click();
  await page.getByRole('button', { name: 'Save and continue' }).click();

  // Attribution: add a site.
  await expect(page).toHaveURL(/\/edit\/attribution$/);
  await hydrated(page);
  await page.getByRole('button', { name: 'Add site' }).click();
  await page.getByLabel('Domain').fill('alpineoat.example');
  await page.getByRole('button', { name: 'Add site' }).click();
  await expect(page.getByLabel('alpineoat.example')).toBeChecked();
  await page.getByRole('button', { name: 'Save and continue' }).click();

  // Review and submit.
  await expect(page).toHaveURL(/\/edit\/review$/);
  await hydrated(page);
  await expect(page.getByText('$2,500')).toBeVisible();
  await page.getByRole('button', { name: 'Submit for approval' }).click();
  await expect(page).toHaveURL(/\/confirmation$/);
  await expect(page.getByRole('heading', { name: 'Campaign submitted' })).toBeVisible();
  const campaignId = Number(/\/campaign\/(\d+)\//.exec(page.url())![1]);
  await signOut(page);

  // The admin approves it.
  await signIn(page, 'admin@cuepoint.test');
  await expect(page).toHaveURL(/\/admin$/);
  await go(page, '/admin/campaigns');
  await page.getByRole('button', { name: 'Approve Summit Bar Launch' }).click();
  await expect(page.getByText('Campaign approved: podcasters can see it now.')).toBeVisible();
  await signOut(page);

  // The brand watches the feed; a podcaster's proposal arrives without a reload.
  await signIn(page, email, 'granola-at-dawn-26');
  await expect(page).toHaveURL(/\/campaigns$/);
  await go(page, `/campaign/${campaignId}/new`);
  await expect(page.getByText('No new proposals yet.', { exact: false })).toBeVisible();
  await expect(page.getByText(/Live: new proposals appear here/)).toBeVisible();
  const db = await getDb();
  const [pod] = await db
    .select({ id: podcasts.id })
    .from(podcasts)
    .innerJoin(users, eq(users.id, podcasts.user_id))
    .where(eq(users.email, 'podcaster@cuepoint.test'));
  const [camp] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId)));
  expect(camp!.is_approved).toBe(true);
  await seedProposal(
    campaignId,
    pod!.id,
    [
      { fee: 40_000, description: 'Mid-roll read', type: 'host' },
      { fee: 25_000, description: 'Show notes link', type: 'host' },
      { fee: 15_000, description: 'Social post', type: 'host' },
    ],
    { description: 'Our listeners run long trails every weekend; I would bring the bars on my next 30K and talk about it honestly.' },
  );
  const proposal = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /Second Wind Running/ }) });
  await expect(proposal).toBeVisible({ timeout: 20_000 });
  await expect(proposal.getByText('$800')).toBeVisible();

  // Star, decline one item, message the podcaster; no rating before a hire (issue 37).
  await proposal.getByRole('button', { name: 'Star Second Wind Running' }).click();
  await expect(proposal.getByRole('button', { name: 'Unstar Second Wind Running' })).toHaveAttribute('aria-pressed', 'true');
  await expect(proposal.getByRole('group', { name: /Responsiveness/ })).toHaveCount(0);
  await proposal.getByRole('button', { name: 'Decline Host-Read: Social post (Second Wind Running)' }).click();
  await page.getByRole('dialog', { name: 'Decline this item?' }).getByRole('button', { name: 'Decline' }).click();
  await expect(proposal.getByText('Declined', { exact: true })).toBeVisible();
  await proposal.getByRole('button', { name: 'Message Second Wind Running' }).click();
  const dialog = page.getByRole('dialog', { name: 'Message Second Wind Running' });
  await dialog.getByLabel('Message').fill('Could the mid-roll air before the end of the month?');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Message sent.')).toBeVisible();

  // Hire the two remaining jobs.
  await proposal.getByLabel('Hire Host-Read: Mid-roll read (Second Wind Running)').check();
  await proposal.getByLabel('Hire Host-Read: Show notes link (Second Wind Running)').check();
  await page.getByRole('region', { name: 'Hire' }).getByRole('button', { name: 'Hire 2 items' }).click();
  await page.getByRole('dialog', { name: 'Hire 2 items?' }).getByRole('button', { name: 'Hire' }).click();
  await expect(page).toHaveURL(/\/hirings\/overview$/);
  await expect(page.getByRole('heading', { name: 'Pending Hires', level: 1 })).toBeVisible();
  await expect(page.getByText('Mid-roll read')).toBeVisible();
  await expect(page.getByText('Show notes link')).toBeVisible();
  await expect(page.getByText(/Next step: fund these hires/)).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: /Pending Hires/ })).toContainText('1');
});
