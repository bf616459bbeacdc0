/**
 * The measurement journey of issue 13 in a real browser, on its own server (tests/e2e/serve-measurement.mjs:
 * demo data, Second Wind Running's feed on this spec's stand-in host, counting every 5 s): a podcaster links
 * the feed to the prefix, two apps play an episode through it, and the show's reports count two downloads (not
 * more after replays, none for a bot or a 2-byte probe); the brand whose ad aired in that episode installs
 * its snippet on a page, opens it from the same network, and sees the listens, a visitor and an attributed
 * page view on its campaign's stats, in the eight charts.
 */
import { createServer, type Server } from 'node:http';
import { expect, request, test, type Page } from '@playwright/test';
import { TEST_NOW } from '../support/clock';
import { PORTS } from '../../playwright.config';
import { hydrated, open, signInAs } from './helpers';

const BASE = `http://127.0.0.1:${PORTS.measurement}`;
const SHOP_HOST = 'trailheadcoffee.example';
const SHOP = `http://${SHOP_HOST}:${PORTS.measurementSite}/autumn-roast`;
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const APPLE_PODCASTS = 'AppleCoreMedia/1.0.0.21E236 (iPhone; U; CPU OS 17_4_1 like Mac OS X; en_us)';
const OVERCAST = 'Overcast/3.0 (+http://overcast.fm/; iOS podcast app)';
const AUDIO = 'feeds.buzzsprout.com/2051347/episodes/5.mp3';
const EPISODES = [
  [5, 'How to Build a Base Without Getting Hurt'],
  [4, 'Trail Shoes, Demystified'],
  [3, 'Coach Amani on Negative Splits'],
] as const;

test.use({
  baseURL: BASE,
  userAgent: CHROME,
  // The brand's shop is served from this spec's host under its real domain name.
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run', `--host-resolver-rules=MAP ${SHOP_HOST} 127.0.0.1`],
  },
});

// The stand-in host: the show's feed (its enclosures behind the prefix once "linked") and the shop's page.
let site: Server;
let prefix = '';
/** Whether the podcaster has put the prefix in front of the enclosures at their host. */
let linked = false;
let snippet = '';
test.beforeAll(async () => {
  site = createServer((req, res) => {
    if (req.url === '/second-wind.rss') {
      const items = EPISODES.map(
        ([n, title], i) =>
          `<item><title>${title}</title><guid isPermaLink="false">https://feeds.buzzsprout.com/2051347.rss#ep-${n}</guid><pubDate>${new Date(TEST_NOW.getTime() - (7 * i + 3) * 86_400_000).toUTCString()}</pubDate><enclosure url="${linked ? prefix : 'https://'}feeds.buzzsprout.com/2051347/episodes/${n}.mp3" length="24000000" type="audio/mpeg"/></item>`,
      ).join('');
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      res.end(`<?xml version="1.0"?><rss version="2.0"><channel><title>Second Wind Running</title><description>Running.</description>${items}</channel></rss>`);
      return;
    }
    if (req.url === '/autumn-roast' && req.headers.host?.startsWith(SHOP_HOST)) {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<!doctype html><html><head><title>Ember autumn roast</title>${snippet}</head><body><h1>Ember, our autumn roast</h1></body></html>`);
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(PORTS.measurementSite, '127.0.0.1', resolve));
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => site.close(() => resolve()));
});

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: 'startup_popup', value: '1', url: BASE }]);
});

/** One request of a podcast app through the prefix: a redirect to the audio. */
async function play(userAgent: string, range?: string) {
  const app = await request.newContext({ userAgent });
  const res = await app.get(`${prefix}${AUDIO}`, { headers: range ? { range } : {}, maxRedirects: 0 });
  expect(res.status()).toBe(302);
  expect(res.headers().location).toBe(`https://${AUDIO}`);
  await app.dispose();
}

const number = async (page: Page, testId: string) => Number(((await page.getByTestId(testId).textContent()) ?? '').replace(/[^\d]/g, ''));

test('[MEASUREMENT]: a show linked to the prefix counts two apps once each, and the brand sees the listens, a visitor and a page view in its charts', async ({
  page,
  browser,
}) => {
  // The podcaster finds the prefix, links the feed at their host, and checks it.
  await signInAs(page, 'podcaster@cuepoint.test');
  await expect(page).toHaveURL(/\/dashboard/);
  await open(page, '/settings/manage-podcasts#analytics');
  const card = page.locator('[data-podcast="Second Wind Running"]');
  await expect(card.getByText('Pending')).toBeVisible();
  prefix = (await card.getByTestId('measurement-prefix').textContent())!.trim();
  expect(prefix).toMatch(new RegExp(`^${BASE}/e/[A-Za-z0-9_-]+/$`));
  await card.getByRole('button', { name: 'Check again' }).click();
  await expect(card.getByRole('list', { name: 'Newest episodes of Second Wind Running' })).toContainText('does not carry the prefix yet');
  linked = true;
  await card.getByRole('button', { name: 'Check again' }).click();
  await expect(card.getByText('Active')).toBeVisible();
  await expect(card.getByRole('list', { name: 'Newest episodes of Second Wind Running' }).getByText('goes through the prefix.')).toHaveCount(3);

  // Two apps play the newest episode: probes, replays, a bot and a 2-byte probe alone add nothing.
  await play(APPLE_PODCASTS, 'bytes=0-1');
  await play(APPLE_PODCASTS, 'bytes=0-');
  await play(OVERCAST);
  await play(APPLE_PODCASTS, 'bytes=0-');
  await play(OVERCAST, 'bytes=1000000-');
  await play('iTMS');
  await play('PocketCasts/1.0 (Pocket Casts - Android v7.57; +https://pocketcasts.com/)', 'bytes=0-1');

  // Within a minute the show's report has the two downloads.
  await expect
    .poll(
      async () => {
        await page.reload();
        return number(page, 'total-downloads');
      },
      { timeout: 60_000, intervals: [2000] },
    )
    .toBe(2);
  await expect(page.getByTestId('total-listeners')).toHaveText('2');
  await expect(page.getByRole('table', { name: 'Downloads by episode' }).locator('[data-episode="How to Build a Base Without Getting Hurt"]')).toContainText(
    '2',
  );
  await page.getByText('Show the numbers of Apps').click();
  const apps = page.getByRole('table', { name: /^Apps:/ });
  await expect(apps.getByRole('row', { name: /Apple Podcasts/ })).toContainText('1');
  await expect(apps.getByRole('row', { name: /Overcast/ })).toContainText('1');

  // The brand reads its campaign's figures before the visit.
  const brand = await browser.newContext({ baseURL: BASE, userAgent: CHROME });
  await brand.addCookies([{ name: 'startup_popup', value: '1', url: BASE }]);
  const b = await brand.newPage();
  await signInAs(b, 'brand@cuepoint.test');
  await expect(b).toHaveURL(/\/campaigns/);
  await open(b, '/settings/attribution');
  await b.locator(`[data-site="${SHOP_HOST}"]`).getByRole('link', { name: 'Edit' }).click();
  await hydrated(b);
  const siteUrl = b.url();
  snippet = (await b.locator('.st-code').first().textContent())!;
  expect(snippet).toBe(`<script async src="${BASE}/attribution/cp_trailheadshop1.js"></script>`);
  await b
    .getByRole('navigation', { name: 'Site sections' })
    .getByRole('link', { name: /Campaigns/ })
    .click();
  await b.getByRole('table', { name: 'Attributed campaigns' }).getByRole('link', { name: 'Autumn Roast Launch' }).click();
  await expect(b).toHaveURL(/\/campaign\/\d+\/stats$/);
  const statsUrl = b.url();
  const visitors = await number(b, 'stat-visitors');
  const hits = await number(b, 'stat-hits');

  // The snippet is on the shop's page; the brand opens it from the same network as the two apps.
  const shop = await brand.newPage();
  await shop.goto(SHOP);
  await expect(shop.getByRole('heading', { name: 'Ember, our autumn roast' })).toBeVisible();
  await b.goto(siteUrl);
  await hydrated(b);
  await expect
    .poll(
      async () => {
        await b.getByRole('button', { name: 'Check again' }).click();
        return b.getByTestId('site-seen').textContent();
      },
      { timeout: 20_000 },
    )
    .toMatch(/We saw your site (a few seconds|a minute) ago/);

  // Within a minute: a visitor and an attributed page view, and Second Wind Running's listens are measured.
  await expect
    .poll(
      async () => {
        await b.goto(statsUrl);
        return [await number(b, 'stat-visitors'), await number(b, 'stat-hits')];
      },
      { timeout: 60_000, intervals: [2000] },
    )
    .toEqual([visitors + 1, hits + 1]);
  await hydrated(b);
  const charts = b.getByRole('region', { name: 'Charts' });
  for (const name of [
    'Listens',
    'Distributors',
    'Countries',
    'Devices',
    'Ad Releases',
    'Unique Visitors',
    'Ad Releases and Unique Visitors combined',
    'Creators',
  ]) {
    await expect(charts.getByRole('heading', { name, exact: true })).toBeVisible();
    await expect(charts.getByRole('checkbox', { name, exact: true })).toBeChecked();
  }
  await charts.getByText('Show the numbers of Creators').click();
  await expect(b.getByRole('table', { name: /^Creators:/ }).getByRole('row', { name: /Second Wind Running/ })).toHaveText(/Second Wind Running\s*2\s*0/);

  // A chart hidden stays hidden for this user.
  await charts.getByRole('checkbox', { name: 'Devices', exact: true }).uncheck();
  await expect(charts.getByRole('heading', { name: 'Devices', exact: true })).toHaveCount(0);
  await b.reload();
  await hydrated(b);
  await expect(charts.getByRole('checkbox', { name: 'Devices', exact: true })).not.toBeChecked();
  await expect(charts.getByRole('heading', { name: 'Devices', exact: true })).toHaveCount(0);
  await charts.getByRole('checkbox', { name: 'Devices', exact: true }).check();
  await expect(charts.getByRole('heading', { name: 'Devices', exact: true })).toBeVisible();
  await brand.close();
});
