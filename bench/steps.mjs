// The slow steps of issue 37, item 5, timed through a real browser (Debian's chromium, Playwright) on the
// built product with the demo data, side by side with a plain page in the same run: signing in, opening
// the campaign wizard, a workroom and the episode editor, and approving an ad. Each step is timed from the
// click or the navigation until the screen answers: the page loaded, every island of it hydrated, and for
// an action the confirmation shown. Repeatable steps run BENCH_STEP_RUNS (5) times and report the median;
// approving the demo's one pending ad and paying out the demo podcaster's balance (after connecting a payout
// account on the embedded provider's Stripe test page, as a podcaster does) happen once.
// Goal: each step under 1 s when the machine is otherwise idle (read it with the plain page's figure).
import { chromium } from '@playwright/test';
import { DEMO_PASSWORD, startProduct } from './lib/product.mjs';
import { plainTable } from './lib/table.mjs';

const RUNS = Number(process.env.BENCH_STEP_RUNS ?? 5);
const GOAL_MS = 1000;
const EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Every island of the page hydrated (Astro drops `ssr` once an island has hydrated). */
const hydrated = (page) =>
  page.waitForFunction(() => document.readyState === 'complete' && !document.querySelector('astro-island[ssr]:not([client="visible"])'));

async function timed(task) {
  const started = performance.now();
  await task();
  return performance.now() - started;
}

export async function bench() {
  const product = await startProduct();
  const browser = await chromium.launch({
    executablePath: EXECUTABLE,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const base = product.url;
  const rows = [];
  const row = (name, samples, { once = false } = {}) => {
    const value = once ? samples[0] : median(samples);
    rows.push({
      group: `Slow steps (browser, ${product.database})`,
      name: `${name}${once ? ' (once)' : ` (median of ${samples.length})`}`,
      value: Math.round(value),
      unit: 'ms',
      target: `< ${GOAL_MS} ms`,
      met: value < GOAL_MS,
    });
  };
  /** A fresh browser context of an account, signed in through the form, the startup popup dismissed. */
  const context = async (email) => {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await ctx.addCookies([{ name: 'startup_popup', value: '1', url: base }]);
    if (!email) return ctx;
    const page = await ctx.newPage();
    await page.goto(`${base}/login`);
    await hydrated(page);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await page.close();
    return ctx;
  };
  const openTimes = async (email, path) => {
    const ctx = await context(email);
    const page = await ctx.newPage();
    await page.goto(`${base}${path}`); // warm: the first view fills the page-read cache
    await hydrated(page);
    const samples = [];
    for (let i = 0; i < RUNS; i++) {
      samples.push(
        await timed(async () => {
          await page.goto(`${base}${path}`);
          await hydrated(page);
        }),
      );
    }
    await ctx.close();
    return samples;
  };

  try {
    row('plain page: guest /login', await openTimes(null, '/login'));

    const signIns = [];
    for (let i = 0; i < RUNS; i++) {
      const ctx = await context(null);
      const page = await ctx.newPage();
      await page.goto(`${base}/login`);
      await hydrated(page);
      await page.getByLabel('Email').fill('brand@cuepoint.test');
      await page.getByLabel('Password').fill(DEMO_PASSWORD);
      signIns.push(
        await timed(async () => {
          await page.getByRole('button', { name: 'Sign in' }).click();
          await page.waitForURL((u) => !u.pathname.startsWith('/login'));
          await hydrated(page);
        }),
      );
      await ctx.close();
    }
    row('sign in (brand, to its first screen)', signIns);
    row('open the campaign wizard (brand)', await openTimes('brand@cuepoint.test', '/campaign/create/details'));
    row('open a workroom (brand)', await openTimes('brand@cuepoint.test', '/workrooms/package/1'));

    // The episode editor of the live hosted show's first episode.
    const live = await context('live@cuepoint.test');
    const list = await live.newPage();
    await list.goto(`${base}/hosting/episodes`);
    const editor = await list.locator('a[href^="/hosting/episode/"][href$="/edit"]').first().getAttribute('href');
    await live.close();
    if (editor) row('open the episode editor (hosted show)', await openTimes('live@cuepoint.test', editor));

    // Approving the demo's pending ad (the host-read in the brand's first workroom).
    const brand = await context('brand@cuepoint.test');
    const room = await brand.newPage();
    await room.goto(`${base}/workrooms/package/1`);
    await hydrated(room);
    const approve = room.locator('.msg').getByRole('button', { name: 'Approve ad' }).first();
    if (await approve.count()) {
      await approve.click();
      const dialog = room.getByRole('dialog', { name: 'Approve this ad?' });
      row(
        'approve an ad (confirm to "Ad approved.")',
        [
          await timed(async () => {
            await dialog.getByRole('button', { name: 'Approve ad' }).click();
            await room.getByText('Ad approved.').waitFor();
          }),
        ],
        { once: true },
      );
    }
    await brand.close();

    // Pay out: the demo podcaster connects a payout account (the embedded provider's test page), then pays out
    // its whole available balance; timed from the confirmation's click to the earnings screen shown again.
    const podcaster = await context('podcaster@cuepoint.test');
    const screen = await podcaster.newPage();
    await screen.goto(`${base}/settings/payout-method`);
    await hydrated(screen);
    await screen.getByRole('button', { name: /Connect Stripe/ }).click();
    await screen.getByRole('button', { name: 'Connect test account' }).click();
    await screen.waitForURL((u) => u.pathname === '/settings/payout-method');
    await screen.goto(`${base}/settings/earnings`);
    await hydrated(screen);
    const payOut = screen.locator('form.pm-payout').getByRole('button', { name: /^Pay out/ });
    if (await payOut.count()) {
      await payOut.click();
      const dialog = screen.getByRole('dialog', { name: /^Pay out \$/ });
      const confirm = dialog.getByRole('button', { name: 'Pay out' });
      row(
        'pay out the balance (confirm to the earnings shown again)',
        [
          await timed(async () => {
            await Promise.all([screen.waitForEvent('load'), confirm.click()]);
            await hydrated(screen);
          }),
        ],
        { once: true },
      );
    }
    await podcaster.close();
  } finally {
    await browser.close();
    await product.stop();
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(plainTable(await bench()));
