// Issue #16 item 6: the JavaScript each page makes the browser load, compressed, from the build output
// (bytes, never time). A page over its budget (scripts/lib/budgets.mjs) fails here; `npm run bench`
// prints every screen's weight.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../src/lib/server/db/client';
import { campaigns, packageJobs, packages } from '../../src/lib/server/db/schema';
import { JS_BUDGETS, KB } from '../../scripts/lib/budgets.mjs';
import { createWeigher } from '../../scripts/lib/weights.mjs';
import { matchRoute } from '../../src/routes';
import { seedPodcast, seedUser } from '../support/builders';
import { call } from '../support/http';
import { testServer } from '../support/test-server';

const weigher = createWeigher(fileURLToPath(new URL('../../dist/client', import.meta.url)));

/** The page's JS weight; a returning user (the startup popup was dismissed before). */
async function weigh(path: string, cookie?: string) {
  const { baseUrl } = await testServer();
  const res = await fetch(`${baseUrl}${path}`, { headers: cookie ? { cookie: `${cookie}; startup_popup=1` } : {}, redirect: 'manual' });
  expect(res.status, `${path} answers a page`).toBeLessThan(500);
  expect(res.headers.get('location'), `${path} renders instead of redirecting`).toBeNull();
  const html = await res.text();
  // An unknown path renders the 404 page.
  const name = matchRoute(path)?.route.name ?? 'page404';
  const budget = (JS_BUDGETS as Record<string, number>)[name];
  expect(budget, `${path} (${name}) has a budget`).toBeDefined();
  const { js, jsFiles } = await weigher.weigh(html);
  return { js, budget: budget!, files: jsFiles };
}

function withinBudget(path: string, result: { js: number; budget: number; files: string[] }) {
  const files = result.files.map((f) => `${f} ${(weigher.compressed(f) / KB).toFixed(1)} KB`).join('\n  ');
  expect(result.js, `${path}: ${(result.js / KB).toFixed(1)} KB of JS, budget ${result.budget / KB} KB\n  ${files}`).toBeLessThanOrEqual(result.budget);
}

describe('JavaScript budgets (compressed, from dist/client)', () => {
  it('ships no JavaScript where nothing moves', async () => {
    for (const path of ['/page404', '/no-such-page', '/unsubscribed', '/icons', '/verification/1/000000']) {
      const result = await weigh(path);
      expect(result.files, `${path} loads no script`).toEqual([]);
      expect(result.js, `${path} has no inline script`).toBe(0);
    }
  });

  it('keeps sign-in and sign-up under 80 KB', async () => {
    for (const path of ['/login', '/sign-up', '/sign-up/podcaster']) withinBudget(path, await weigh(path));
  });

  it('keeps the signed-in list pages under 100 KB and the workroom under 200 KB', async () => {
    const brand = await seedUser({ type: 'BRAND' });
    const podcaster = await seedUser({ type: 'PODCASTER' });
    const { podcast } = await seedPodcast(podcaster.id, { title: 'Budget Hour' });
    const db = await getDb();
    // Paused: on the brand's list, but no opportunity for the podcasters of the other test files.
    const [campaign] = await db
      .insert(campaigns)
      .values({ brand_user_id: brand.id, title: 'Weigh-in', is_approved: true, submitted_at: new Date(), status: 'paused' })
      .returning();
    const [pkg] = await db
      .insert(packages)
      .values({ podcast_id: podcast.id, podcaster_user_id: podcaster.id, campaign_id: campaign!.id, status: 'hired', total_price: 20_000 })
      .returning();
    await db.insert(packageJobs).values({ package_id: pkg!.id, fee: 20_000, description: 'Host-read', status: 'in-progress' });
    const room = await call('GET', `/api/packages/${pkg!.id}/discussion`, { token: brand.token });
    expect(room.status).toBe(200);

    for (const path of ['/campaigns', '/workrooms', '/completed-ads', '/hirings/overview', `/workrooms/package/${room.body.data.discussion.id}`]) {
      withinBudget(path, await weigh(path, brand.cookie));
    }
    withinBudget('/sponsorships', await weigh('/sponsorships', podcaster.cookie));
  });
});
