import { beforeAll, describe, expect, it } from 'vitest';
import { page } from '../support/http';
import { seedUser, type SeededUser } from '../support/builders';
import { routes, type Access, type RouteDef } from '../../src/routes';

const NOT_FOUND_TEXT = '404 Error. Sorry, we could not find this page';

const SAMPLE: Record<string, string> = {
  id: '1',
  tab: 'new',
  campaignId: '1',
  packageId: '1',
  step: 'step-1',
  type: 'package',
  hash_id: 'abc123',
  data: 'podcaster',
  token: 'sometoken',
  verificationId: 'x',
  verificationCode: 'y',
};
const samplePath = (route: RouteDef) => route.path.replace(/\{(\w+)\??\}/g, (_, name: string) => SAMPLE[name] ?? 'x');

type Persona = 'brand' | 'podcaster' | 'hosted' | 'admin';
const allowed: Record<Exclude<Access, 'guest' | 'public'>, Persona[]> = {
  'signed-in': ['brand', 'podcaster', 'hosted', 'admin'],
  brand: ['brand'],
  podcaster: ['podcaster', 'hosted'],
  hosted: ['hosted'],
  admin: ['admin'],
};

let users: Record<Persona, SeededUser>;

beforeAll(async () => {
  users = {
    brand: await seedUser({ type: 'BRAND' }),
    podcaster: await seedUser({ type: 'PODCASTER' }),
    hosted: await seedUser({ type: 'PODCASTER', hosted: true }),
    admin: await seedUser({ type: 'ADMIN' }),
  };
});

describe('the route table, enforced before rendering', () => {
  const protectedRoutes = routes.filter((r) => r.access !== 'guest' && r.access !== 'public' && r.name !== 'home');

  it.each(protectedRoutes.map((r) => [samplePath(r), r] as const))('%s sends a guest to /login and back', async (path) => {
    const res = await page(path);
    expect(res.status).toBe(302);
    expect(res.location).toBe(`/login?redirect=${encodeURIComponent(path)}`);
  });

  it.each(protectedRoutes.map((r) => [samplePath(r), r] as const))('%s answers each role by its access mark', async (path, route) => {
    for (const persona of ['brand', 'podcaster', 'hosted', 'admin'] as const) {
      const res = await page(path, users[persona].cookie);
      const may = allowed[route.access as keyof typeof allowed].includes(persona);
      if (!may) {
        expect(res.status, `${persona} on ${path}`).toBe(404);
        expect(res.html).toContain(NOT_FOUND_TEXT);
        expect(res.html).toContain('href="/"');
        continue;
      }
      expect(res.status, `${persona} on ${path}`).toBeLessThan(500);
      expect(res.location ?? '', `${persona} on ${path}`).not.toMatch(/^\/login/);
      if (res.status === 200) expect(res.html).toContain(`data-shell="${route.shell}"`);
    }
  });

  it.each(routes.filter((r) => r.access === 'guest').map((r) => [samplePath(r)] as const))('%s is for guests: a signed-in user goes home', async (path) => {
    expect((await page(path)).status).toBe(200);
    const res = await page(path, users.brand.cookie);
    expect(res.status).toBe(302);
    expect(res.location).toBe('/');
  });

  it('redirects the paths of §2', async () => {
    const cases: [string, string, Persona][] = [
      ['/campaign/create', '/campaign/create/details', 'brand'],
      ['/campaign/7', '/campaign/7/new', 'brand'],
      ['/campaign/7/edit', '/campaign/7/edit/details', 'brand'],
      ['/hirings', '/hirings/overview', 'brand'],
      ['/settings', '/settings/manage-podcasts', 'podcaster'],
      ['/settings', '/settings/profile', 'brand'],
      ['/campaign/7/proposal/create', '/campaign/7/proposal/create/step-1', 'podcaster'],
      ['/campaign/7/proposal/9/edit', '/campaign/7/proposal/9/edit/step-1', 'podcaster'],
    ];
    for (const [from, to, persona] of cases) {
      const res = await page(from, users[persona].cookie);
      expect(res.status, from).toBe(302);
      expect(res.location, from).toBe(to);
    }
  });

  it('sends each role home from the root (§4 root redirect)', async () => {
    const expected: Record<Persona, string> = { brand: '/campaigns', podcaster: '/dashboard', hosted: '/hosting/dashboard', admin: '/admin' };
    for (const persona of Object.keys(expected) as Persona[]) {
      const res = await page('/', users[persona].cookie);
      expect(res.location, persona).toBe(expected[persona]);
    }
    expect((await page('/')).location).toBe('/login?redirect=%2F');
  });

  it('sends an unverified user to /verify/email and an incomplete podcaster to /onboarding', async () => {
    const unverified = await seedUser({ type: 'BRAND', verified: false });
    expect((await page('/campaigns', unverified.cookie)).location).toBe('/verify/email');
    expect((await page('/verify/email', unverified.cookie)).status).toBe(200);
    const incomplete = await seedUser({ type: 'PODCASTER', completed: false });
    expect((await page('/dashboard', incomplete.cookie)).location).toBe('/onboarding');
    expect((await page('/onboarding', incomplete.cookie)).status).toBeLessThan(500);
  });

  it('renders the 404 page with status 404 for unknown paths', async () => {
    for (const path of ['/nope', '/campaign/1/2/3/4/5', '/sign-up/a/b', '/hosting']) {
      const res = await page(path, users.brand.cookie);
      expect(res.status, path).toBe(404);
      expect(res.html).toContain(NOT_FOUND_TEXT);
    }
    const guest = await page('/definitely/not/here');
    expect(guest.status).toBe(404);
    // A path that is not valid percent-encoding is a bad request, never a server error.
    expect((await page('/%E0%A4%A', users.brand.cookie)).status).toBe(400);
  });

  it('refreshes an expired access cookie on a page load from the refresh cookie', async () => {
    const user = await seedUser({ type: 'ADMIN' });
    const cookie = `access_token=expired-or-unknown; refresh_token=${user.refresh}`;
    const res = await page('/admin', cookie);
    expect(res.status).toBe(200);
    expect(res.setCookie.join('\n')).toMatch(/access_token=[^;]{20,}/);
  });
});
