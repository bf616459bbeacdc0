import { createServer } from 'node:http';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { TEST_NOW } from '../support/clock';
import { FEED_FIXTURE_PORT } from '../../playwright.config';
import { DEMO_PASSWORD, hydrated } from './helpers';

// The demo data (src/lib/server/seed/payments.ts): Trailhead Coffee Co. has hired Ledger & Latte for
// Autumn Roast Launch ($300 mid-roll + two $250 host-reads) and not funded it; LAUNCH20 is 20 % off, once per brand; WELCOME50 is for a brand's first hire.

/** A browser context signed in through the sign-in form, with the startup popup remembered. */
async function signedIn(browser: import('@playwright/test').Browser, baseURL: string, email: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL });
  await context.addCookies([{ name: 'startup_popup', value: '1', url: baseURL }]);
  const page = await context.newPage();
  await page.goto('/login');
  await hydrated(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  return { context, page };
}

const bearer = async (context: BrowserContext) => ({ authorization: `Bearer ${(await context.cookies()).find((c) => c.name === 'access_token')!.value}` });

test('[PAYMENTS]: a brand funds a hire with the test card and a coupon; the podcaster sees it funded, is paid on release and pays out', async ({
  browser,
  baseURL,
}) => {
  const brand = await signedIn(browser, baseURL!, 'brand@cuepoint.test');
  const b = brand.page;

  // Pending Hires → fund the Ledger & Latte hire.
  await b.goto('/hirings/overview');
  const hire = b.getByRole('listitem').filter({ has: b.getByRole('heading', { name: 'Ledger & Latte' }) });
  await expect(hire).toContainText('$800');
  await hire.getByRole('link', { name: 'Fund this hire' }).click();
  await expect(b).toHaveURL(/\/hirings\/fund\?hiring=\d+$/);
  await hydrated(b);
  await expect(b.getByRole('note', { name: 'Test mode' })).toBeVisible();
  await expect(b.getByTestId('fund-total')).toHaveText('$800');

  // The test visa card, added right here.
  await b.getByRole('button', { name: 'Add a card' }).click();
  await b.getByLabel('Card number').fill('4242424242424242');
  await expect(b.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
  await b.getByLabel('Expiry').fill('1234');
  await expect(b.getByLabel('Expiry')).toHaveValue('12 / 34');
  await b.getByLabel('CVC').fill('123');
  await b.getByRole('button', { name: 'Save card' }).click();
  await expect(b.getByRole('radio', { name: /Visa •••• 4242/ })).toBeChecked();

  // A wrong coupon, then LAUNCH20.
  await b.getByLabel('Coupon code').fill('NOPE');
  await b.getByRole('button', { name: 'Apply' }).click();
  await expect(b.getByText('This coupon code is not valid.')).toBeVisible();
  // WELCOME50 is for a brand's first hire, and Trailhead has funded one already.
  await b.getByLabel('Coupon code').fill('WELCOME50');
  await b.getByRole('button', { name: 'Apply' }).click();
  await expect(b.getByText('This coupon is only for a brand’s first hire.')).toBeVisible();
  await b.getByLabel('Coupon code').fill('launch20');
  await b.getByRole('button', { name: 'Apply' }).click();
  await expect(b.getByRole('status').filter({ hasText: 'LAUNCH20' })).toContainText('20% off');
  await expect(b.getByRole('status').filter({ hasText: 'LAUNCH20' })).toContainText('Once per brand');
  await expect(b.getByTestId('fund-total')).toHaveText('$640');

  await b.getByRole('button', { name: 'Pay $640' }).click();
  await expect(b).toHaveURL(/\/hirings\/confirmation\?tx=TX-\d{4}-\d{6}$/);
  await expect(b.getByRole('heading', { name: 'Payment received: $640' })).toBeVisible();
  await expect(b.getByText(/Visa •••• 4242/)).toBeVisible();
  await expect(b.getByRole('list', { name: 'Funded hires' })).toContainText('Ledger & Latte');
  const code = new URL(b.url()).searchParams.get('tx')!;

  // Every figure agrees with the ledger: the history lists the charge with its receipt.
  const ledger = (await (await brand.context.request.get('/api/transactions', { headers: await bearer(brand.context) })).json()).data as {
    code: string;
    fee: number;
  }[];
  expect(ledger.find((t) => t.code === code)?.fee).toBe(64_000);
  await b.goto('/settings/payments');
  await expect(b.getByRole('link', { name: code })).toBeVisible();
  await b.getByRole('link', { name: code }).click();
  await expect(b.getByRole('heading', { name: 'Receipt', level: 1 })).toBeVisible();
  await expect(b.getByText('Total charged')).toBeVisible();

  // The podcaster sees the hire funded and what is pending: $800 of fees less the 10 % service fee.
  const podcaster = await signedIn(browser, baseURL!, 'hello@ledgerandlatte.example');
  const p = podcaster.page;
  await p.goto('/settings/earnings');
  await expect(p.getByRole('note', { name: 'Test mode' })).toBeVisible();
  const row = p.getByRole('row').filter({ hasText: 'Autumn Roast Launch' });
  await expect(row).toContainText('Funded');
  await expect(p.getByTestId('earnings-pending')).toHaveText('$720');
  await expect(p.getByTestId('earnings-available')).toHaveText('$0');
  await expect(p.getByRole('button', { name: /^Notifications, / })).toHaveAccessibleName(/[1-9]\d*\+? new notification/);

  // The mid-roll is delivered (the podcaster's ad through the API) and approved by the brand in the workroom: its fee is released.
  const hires = (await (await brand.context.request.get('/api/brand/hirings?status=funded', { headers: await bearer(brand.context) })).json()).data as {
    podcast_title: string;
    workroom_link: string;
    jobs: { id: number; description: string }[];
  }[];
  const funded = hires.find((h) => h.podcast_title === 'Ledger & Latte')!;
  const midroll = funded.jobs.find((j) => j.description.startsWith('Mid-roll'))!;
  const submitted = await podcaster.context.request.post(`/api/podcaster/jobs/${midroll.id}/deliverables`, {
    headers: await bearer(podcaster.context),
    multipart: {
      content: 'The pricing-episode mid-roll, ready for review.',
      'files[]': { name: 'midroll.mp3', mimeType: 'audio/mpeg', buffer: Buffer.from('ID3') },
    },
  });
  expect(submitted.status()).toBe(201);
  await b.goto(funded.workroom_link);
  await hydrated(b);
  await b.getByRole('button', { name: 'Approve ad' }).first().click();
  await b.getByRole('dialog', { name: 'Approve this ad?' }).getByRole('button', { name: 'Approve ad' }).click();
  await expect(b.getByText(/approved the ad/).first()).toBeVisible();
  // Aired: the podcaster links the episode, an item of the show's feed published since the approval (a fixture feed here); where the
  // listener cannot reach its audio, the brand confirms it aired (tests/e2e/delivery.spec.ts proves the automatic detection).
  const deliverableId = (await submitted.json()).data.id as number;
  const feed = createServer((_req, res) =>
    res
      .writeHead(200, { 'content-type': 'application/rss+xml' })
      .end(
        `<?xml version="1.0"?><rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel><title>Ledger &amp; Latte</title><description>Money talk</description><itunes:owner><itunes:email>marcus@ledgerandlatte.example</itunes:email></itunes:owner><item><title>Pricing, Part Two</title><guid>pricing-2</guid><pubDate>${TEST_NOW.toUTCString()}</pubDate><enclosure url="http://127.0.0.1:9/pricing-episode.mp3" type="audio/mpeg" length="1"/></item></channel></rss>`,
      ),
  );
  await new Promise<void>((resolve) => feed.listen(FEED_FIXTURE_PORT, '127.0.0.1', resolve));
  const show = (
    (await (await podcaster.context.request.get('/api/initialize', { headers: await bearer(podcaster.context) })).json()).data.podcasts as {
      id: number;
      title: string;
    }[]
  ).find((s) => s.title === 'Ledger & Latte')!;
  const moved = await podcaster.context.request.put(`/api/podcasts/${show.id}`, {
    headers: await bearer(podcaster.context),
    data: { url: `http://127.0.0.1:${FEED_FIXTURE_PORT}/ledger-and-latte.xml` },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  const linked = await podcaster.context.request.post(`/api/deliverables/${deliverableId}/episode`, {
    headers: await bearer(podcaster.context),
    data: { url: 'http://127.0.0.1:9/pricing-episode.mp3' },
  });
  expect(linked.status(), await linked.text()).toBe(202);
  await new Promise((resolve) => feed.close(resolve));
  await expect
    .poll(async () => (await brand.context.request.post(`/api/deliverables/${deliverableId}/aired`, { headers: await bearer(brand.context) })).status())
    .toBe(200);

  // Available is the fee minus 10 %: $300 − $30.
  await p.reload();
  await expect(p.getByTestId('earnings-available')).toHaveText('$270');
  await expect(p.getByTestId('earnings-pending')).toHaveText('$450');
  await expect(p.getByRole('row').filter({ hasText: 'Earning released' })).toContainText('$270');

  // A payout method through the test provider's Stripe Connect page, then a payout empties the balance.
  await p.goto('/settings/payout-method');
  await hydrated(p);
  await p.getByRole('button', { name: /Connect Stripe/ }).click();
  await expect(p.getByRole('heading', { name: 'Connect a Stripe test account' })).toBeVisible();
  await p.getByRole('button', { name: 'Connect test account' }).click();
  await expect(p).toHaveURL(/\/settings\/payout-method$/);
  await expect(p.getByText('Stripe is connected.')).toBeVisible();
  await p.goto('/settings/earnings');
  await hydrated(p);
  // Part of it first (the amount field starts at all of it and refuses more), then the rest.
  const amount = p.getByLabel('Amount');
  await expect(amount).toHaveValue('270.00');
  await amount.fill('300');
  await p.getByRole('button', { name: 'Pay out $300' }).click();
  await expect(p.getByText('The amount must not be more than your available balance of $270.')).toBeVisible();
  await amount.fill('100');
  await p.getByRole('button', { name: 'Pay out $100' }).click();
  await p.getByRole('dialog', { name: 'Pay out $100?' }).getByRole('button', { name: 'Pay out' }).click();
  await expect(p.getByTestId('earnings-available')).toHaveText('$170');
  await hydrated(p);
  await p.getByRole('button', { name: 'Pay out $170' }).click();
  await p.getByRole('dialog', { name: 'Pay out $170?' }).getByRole('button', { name: 'Pay out' }).click();
  await expect(p.getByTestId('earnings-available')).toHaveText('$0');
  await expect(p.getByRole('button', { name: /^Pay out/ })).toHaveCount(0);
  await expect(p.getByTestId('payout-unavailable')).toContainText('Nothing to pay out yet');
  await expect(p.getByTestId('earnings-paid-out')).toHaveText('$270');
  await expect(p.getByRole('row').filter({ hasText: 'Payout' }).first()).toContainText('Stripe account');

  await brand.context.close();
  await podcaster.context.close();
});
