import { expect, test, type Page } from '@playwright/test';
import { answerSecondFactor, DEMO_PASSWORD, hydrated } from './helpers';

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

/** Records Content-Security-Policy violations (and uncaught script errors, such as React's) of every page the test opens. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('pageerror', (error) => violations.push(`${page.url()}: ${error.message.slice(0, 200)}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) violations.push(`${page.url()}: ${m.text().slice(0, 200)}`);
  });
  await page.exposeFunction('__cspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { __cspViolation: (t: string) => void }).__cspViolation(`${location.pathname}: ${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  return violations;
}

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await hydrated(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (email === 'admin@cuepoint.test') await answerSecondFactor(page, email);
  await page.waitForURL((url) => !url.pathname.startsWith('/login') && !url.pathname.startsWith('/two-factor'));
}

const SCREENS: Record<string, string[]> = {
  'brand@cuepoint.test': [
    '/campaigns',
    '/campaign/create/details',
    '/workrooms',
    // A package workroom: its delivery panel, editor and player load lazily and render on the server whole.
    '/workrooms/package/6',
    '/campaign/1/stats',
    '/hirings/overview',
    '/settings/profile',
    '/settings/attribution',
    '/completed-ads',
  ],
  'podcaster@cuepoint.test': ['/dashboard', '/sponsorships', '/settings/manage-podcasts', '/settings/earnings', '/workrooms', '/workrooms/package/1'],
  'admin@cuepoint.test': ['/admin', '/admin/campaigns', '/admin/hosting'],
};

test('[CSP]: every island hydrates under the strict CSP and no screen reports a violation or a script error', async ({ page }) => {
  const violations = await watchCsp(page);
  for (const path of ['/login', '/sign-up', '/password/reset', '/page404']) {
    await page.goto(path);
    await hydrated(page);
  }
  for (const [email, screens] of Object.entries(SCREENS)) {
    // Leave the last screen first: its scripts, finding the session gone, would send it to /login
    // themselves and abort the navigation below.
    await page.goto('about:blank');
    await page.context().clearCookies();
    await signIn(page, email);
    for (const path of screens) {
      await page.goto(path);
      await hydrated(page);
    }
  }
  expect(violations).toEqual([]);
});

/** Opens a page of another site (served by the test) with the given body. */
async function foreignPage(page: Page, body: string) {
  await page.route('http://elsewhere.test/', (route) => route.fulfill({ contentType: 'text/html', body: `<!doctype html><title>Elsewhere</title>${body}` }));
  await page.goto('http://elsewhere.test/');
}

test('[CSP]: another site cannot frame Cuepoint', async ({ page, baseURL }) => {
  await foreignPage(page, `<iframe id="f" src="${baseURL}/login" width="600" height="400"></iframe>`);
  await page.waitForTimeout(1500);
  const frame = page.frames().find((f) => f !== page.mainFrame());
  const loginShown = await frame
    ?.getByRole('button', { name: 'Sign in' })
    .count()
    .catch(() => 0);
  expect(loginShown ?? 0).toBe(0);
});

test('[SESSION]: scripts on the page cannot read the refresh token', async ({ page }) => {
  await signIn(page, 'brand@cuepoint.test');
  const visible = await page.evaluate(() => document.cookie);
  expect(visible).toContain('access_token=');
  expect(visible).not.toContain('refresh_token=');
  // The client still refreshes through the same-origin endpoint.
  const refreshed = await page.evaluate(async () => (await fetch('/session/refresh', { method: 'POST' })).status);
  expect(refreshed).toBe(200);
});

test('[SESSION]: a sign-out link on another site asks before signing out', async ({ page, baseURL }) => {
  await signIn(page, 'brand@cuepoint.test');
  await foreignPage(page, `<a href="${baseURL}/logout">Win a prize</a>`);
  await page.getByRole('link', { name: 'Win a prize' }).click();
  await expect(page.getByRole('heading', { name: 'Sign out of Cuepoint?' })).toBeVisible();
  await page.getByRole('link', { name: 'Stay signed in' }).click();
  await expect(page).toHaveURL(/\/campaigns$/);
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
});
