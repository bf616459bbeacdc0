/**
 * Issue 15, item 1: every route file found on disk, as every role, gets a corpus of hostile input
 * (malformed and null bodies, wrong content types, NUL and lone surrogates in every usual field, wrong
 * types, huge bodies, deep nesting, broken multipart, odd encodings, ids past the integer range, unreal
 * dates, prototype keys), and no answer may be a 500; API answers must be JSON. A route added tomorrow
 * is covered the day it lands: the list comes from src/pages, not from this file.
 */
import { describe, expect, it } from 'vitest';
import { seedCampaign } from '../support/campaign-builders';
import { seedPodcast, seedUser } from '../support/builders';
import { fillPattern, routeFiles, type RouteFile } from '../support/routes-on-disk';
import { testServer } from '../support/test-server';

// Hostile requests come "from" a documentation address (the server trusts loopback as its proxy), so
// their failed sign-ins never throttle 127.0.0.1, which every other test file signs in from.
const ADDRESS = '198.18.0.15';
const API = ['/api/', '/oauth/', '/broadcasting/', '/register', '/session', '/webhooks/'];
const isApi = (path: string) => API.some((p) => path.startsWith(p));

// Fields that appear across the product's forms: each hostile value is tried in all of them at once.
const FIELDS = [
  'email',
  'password',
  'password_confirmation',
  'first_name',
  'last_name',
  'company_name',
  'type',
  'code',
  'token',
  'title',
  'name',
  'description',
  'url',
  'message',
  'body',
  'reason',
  'search',
  'term',
  'listens',
  'budget',
  'duration',
  'delivery_date',
  'expired_days',
  'categories',
  'ads',
  'site_id',
  'campaign_id',
  'podcast_id',
  'file_id',
  'fee',
  'dates',
  'jobs',
  'rating',
  'date',
  'status',
  'published_at',
  'season',
  'episode_number',
  'explicit',
  'socket_id',
  'channel_name',
  'grant_type',
  'client_id',
  'client_secret',
  'username',
  'refresh_token',
  'scope',
  'user_id',
  'provider',
  'path',
  'time_zone',
  'schedule_settings',
  'platforms',
  'category_id',
  'language',
  'address',
  'country',
  'events',
];
const every = (value: unknown) => Object.fromEntries(FIELDS.map((f) => [f, value]));
const deep = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;

interface Input {
  label: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
}

const json = (label: string, value: unknown): Input => ({ label, headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) });
const BOUNDARY = 'cuepointboundary';

/** The full corpus (for a guest and the role that owns the route); the short one for the other roles. */
const CORPUS: Input[] = [
  { label: 'malformed json', headers: { 'content-type': 'application/json' }, body: '{"unterminated' },
  json('json null', null),
  { label: 'null as text/plain', headers: { 'content-type': 'text/plain' }, body: 'null' },
  { label: 'null without a type', body: 'null' },
  json('json array', [1, 2, 3]),
  json('json string', 'text'),
  json('NUL everywhere', every('a\u0000b')),
  json('lone surrogate everywhere', every('\ud800x')),
  json('numbers everywhere', every(1e308)),
  json('arrays everywhere', every([{ a: 1 }, null])),
  json('objects everywhere', every({ $gt: '' })),
  json('booleans everywhere', every(true)),
  json('ids past the integer range', every('99999999999999999999')),
  json('negative and huge numbers', { ...every(-1), budget: 2 ** 63, fee: -(2 ** 63) }),
  json('unreal dates', { ...every('2027-02-30'), dates: ['2027-02-30', '0000-00-00'], schedule_settings: { start_from: '2027-13-45' } }),
  json('prototype keys', JSON.parse('{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}},"email":"a@b.co"}')),
  { label: 'deep nesting', headers: { 'content-type': 'application/json' }, body: deep(20_000) },
  { label: 'json with a BOM', headers: { 'content-type': 'application/json' }, body: `\ufeff${JSON.stringify({ email: 'x@y.z' })}` },
  {
    label: 'invalid utf-8',
    headers: { 'content-type': 'application/json' },
    body: new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
  },
  { label: 'utf-16 json', headers: { 'content-type': 'application/json; charset=utf-16' }, body: new Uint8Array(Buffer.from('{"email":"x"}', 'utf16le')) },
  { label: 'xml', headers: { 'content-type': 'application/xml' }, body: '<?xml version="1.0"?><a>1</a>' },
  {
    label: 'urlencoded NUL',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `email=%00&%00=x&title=%ED%A0%80&password=${'a'.repeat(300)}`,
  },
  { label: 'urlencoded garbage', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '%%%&&&==%ZZ' },
  {
    label: 'broken multipart',
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="x.svg"\r\nContent-Type: image/svg+xml\r\n\r\n<svg><script>alert(1)</script>`,
  },
  { label: 'multipart without boundary', headers: { 'content-type': 'multipart/form-data' }, body: 'x' },
  {
    label: 'multipart svg with script',
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    body: [
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="listens"\r\n\r\n\u0000`,
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.svg"\r\nContent-Type: image/svg+xml\r\n\r\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`,
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nnot a png`,
      `--${BOUNDARY}--\r\n`,
    ].join('\r\n'),
  },
  { label: 'huge json', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: 'x'.repeat(3 * 1024 * 1024) }) },
];
const SHORT = new Set(['null as text/plain', 'NUL everywhere', 'lone surrogate everywhere', 'arrays everywhere', 'urlencoded NUL', 'broken multipart']);
// Queries that reach the handlers (wrong types, ranges and dates), one the boundary refuses (a NUL), one not UTF-8.
const HOSTILE_QUERIES = [
  `?page=-1&per_page=99999999999&sort=__proto__&podcast_id=99999999999999999999&campaign_id=-5&from=2027-02-30&to=0000-00-00&id=abc&status=%F0%9F%92%A9&type=constructor&search=${'x'.repeat(3000)}`,
  '?q=%00&search=a%00b',
  '?search=%ED%A0%80',
];
const HOSTILE_PARAMS = ['-1', '99999999999999999999', '%00', '%ED%A0%80', '%F0%9F%92%A9', '..%2F..%2Fetc%2Fpasswd', 'x'.repeat(3000)];

interface Role {
  name: string;
  token: string | null;
  cookie: string | null;
  /** Plausible values for each param name (the role's own records). */
  values: Record<string, string>;
}

async function roles(): Promise<Role[]> {
  const brand = await seedUser({ type: 'BRAND' });
  const { campaign } = await seedCampaign(brand.id);
  const podcaster = await seedUser({ type: 'PODCASTER' });
  const { podcast } = await seedPodcast(podcaster.id);
  const hosted = await seedUser({ type: 'PODCASTER' });
  const { podcast: hostedPodcast } = await seedPodcast(hosted.id, { hosted: true });
  const admin = await seedUser({ type: 'ADMIN' });
  const base = { tab: 'details', step: 'step-1', type: 'campaign', name: 'x.mp3', term: 'coffee', data: 'podcaster', token: 'x', other: '1' };
  const values = (id: number, hash: string) => ({ ...base, id: String(id), campaignId: String(campaign.id), packageId: '1', hash, hash_id: hash });
  return [
    { name: 'guest', token: null, cookie: null, values: values(1, 'x') },
    { name: 'brand', token: brand.token, cookie: brand.cookie, values: values(campaign.id, 'x') },
    { name: 'podcaster', token: podcaster.token, cookie: podcaster.cookie, values: values(podcast.id, podcast.hash_id) },
    { name: 'hosted', token: hosted.token, cookie: hosted.cookie, values: values(hostedPodcast.id, hostedPodcast.hash_id) },
    { name: 'admin', token: admin.token, cookie: admin.cookie, values: values(1, 'x') },
  ];
}

interface Sent {
  status: number;
  type: string;
}

async function send(method: string, path: string, role: Role, input: Input = { label: 'none' }): Promise<Sent> {
  const { baseUrl } = await testServer();
  const headers: Record<string, string> = { accept: 'application/json', 'x-forwarded-for': ADDRESS, ...input.headers };
  if (role.token && isApi(path)) headers.authorization = `Bearer ${role.token}`;
  if (role.cookie) headers.cookie = role.cookie;
  if (role.cookie && !isApi(path)) headers.origin = baseUrl;
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body: input.body as BodyInit | undefined, redirect: 'manual' });
  await response.arrayBuffer().catch(() => undefined);
  return { status: response.status, type: response.headers.get('content-type') ?? '' };
}

function check(failures: string[], what: string, path: string, method: string, sent: Sent) {
  if (sent.status >= 500) failures.push(`${sent.status} ${what}`);
  else if (isApi(path) && method !== 'HEAD' && sent.status >= 400 && !sent.type.includes('application/json'))
    failures.push(`non-JSON ${sent.status} (${sent.type || 'no type'}) ${what}`);
}

/** Runs `tasks` with a few at a time (the server is in this process; more would only queue). */
async function pool(tasks: (() => Promise<void>)[], size = 6) {
  let next = 0;
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next < tasks.length) await tasks[next++]!();
    }),
  );
}

describe('hostile input, every route on disk, every role', () => {
  it('never answers 500, and the API always answers JSON', async () => {
    const routes = routeFiles();
    expect(routes.length).toBeGreaterThan(100);
    const all = await roles();
    const failures: string[] = [];
    const tasks: (() => Promise<void>)[] = [];
    let count = 0;
    // `owner`: the role the route is for, which gets hostile params and queries; `full`: owner or guest, which get the whole corpus.
    const plan = (route: RouteFile, role: Role, owner: boolean) => {
      const full = owner || role.name === 'guest';
      const methods = route.methods.includes('ALL') ? ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] : route.methods;
      const plausible = fillPattern(route.pattern, role.values);
      for (const method of methods) {
        const paths = [plausible];
        // Hostile params and queries reach the same parsing whatever the method: one method carries them.
        if (owner && method === methods[0]) {
          for (const query of HOSTILE_QUERIES) paths.push(`${plausible}${query}`);
          for (const p of route.params) for (const bad of HOSTILE_PARAMS) paths.push(fillPattern(route.pattern, { ...role.values, [p.name]: bad }));
        }
        for (const path of paths) {
          // Pages take form posts only; the short corpus covers what a form can send them.
          const corpus =
            route.kind === 'endpoint'
              ? CORPUS.filter((c) => full || SHORT.has(c.label))
              : CORPUS.filter((c) => (full ? SHORT.has(c.label) : c.label === 'urlencoded NUL'));
          const inputs = method === 'GET' || method === 'HEAD' || method === 'DELETE' || path !== plausible ? [undefined] : corpus;
          for (const input of inputs) {
            count++;
            tasks.push(async () => {
              const sent = await send(method, path, role, input);
              check(failures, `${role.name} ${method} ${path.slice(0, 120)} [${input?.label ?? 'no body'}]`, path, method, sent);
            });
          }
        }
      }
      // A method the route does not take: a 405 with Allow for the API (never a 404 page or a 500).
      const missing = ['PUT', 'PATCH', 'DELETE', 'POST', 'GET'].find((m) => !methods.includes(m));
      if (missing && owner) {
        count++;
        tasks.push(async () => {
          const sent = await send(missing, plausible, role);
          check(failures, `${role.name} ${missing} ${plausible} [unexported method]`, plausible, missing, sent);
          if (route.kind === 'endpoint' && isApi(plausible) && sent.status !== 405) failures.push(`${sent.status} instead of 405 for ${missing} ${plausible}`);
        });
      }
    };
    const ownerOf = (route: RouteFile) =>
      route.pattern.includes('hosted') || route.pattern.startsWith('/hosting')
        ? 'hosted'
        : /podcast|sponsorship|onboarding|earnings|payout/.test(route.pattern)
          ? 'podcaster'
          : route.pattern.startsWith('/admin') || route.pattern.startsWith('/api/admin')
            ? 'admin'
            : 'brand';
    for (const route of routes) for (const role of all) plan(route, role, role.name === ownerOf(route));
    const started = Date.now();
    await pool(tasks);
    console.log(`[hostile-input] ${routes.length} route files, ${count} requests in ${Math.round((Date.now() - started) / 1000)} s`);
    expect(count).toBeGreaterThan(2000);
    expect(failures, failures.slice(0, 40).join('\n')).toEqual([]);
  }, 240_000);
});

/**
 * Issue 34: the paths the server answers that are no route file, or that a route file answers for a
 * whole prefix: the realtime server (/app/{key} without an upgrade, the HTTP events API /apps/{id}/…),
 * the demo host, the hosted feeds and media, the measurement prefix /e/, broadcasting auth, the
 * precompressed assets. Every method, the whole corpus, as a guest and signed in: never a 500.
 */
const SERVER_PATHS = [
  '/app/cuepoint-key',
  '/app/cuepoint-key?protocol=7&client=js&version=8.4.0',
  '/app/',
  '/apps/cuepoint/events',
  '/apps/cuepoint/batch_events',
  '/apps/cuepoint/channels',
  '/apps/cuepoint/channels/private-users.1/users',
  '/apps/x/events?auth_key=x&auth_timestamp=-1&auth_version=1.0&auth_signature=%00',
  '/feeds/demo-host/',
  '/feeds/demo-host/night-shift-stories',
  '/feeds/demo-host/night-shift-stories.xml',
  '/feeds/demo-host/night-shift-stories/art.jpg',
  '/feeds/demo-host/..%2F..%2Fapp-key',
  '/feeds/demo-host/night-shift-stories/..%2F..%2F..%2Fapp-key',
  '/feeds/x.xml',
  '/feeds/%00.xml',
  '/media/x/a.mp3',
  '/media/x/..%2F..%2Fapp-key',
  '/e/x/example.com/a.mp3',
  '/e/x/http://127.0.0.1/a.mp3',
  '/e/x/javascript:alert(1)',
  '/e/%ED%A0%80/x',
  '/broadcasting/auth',
  '/_astro/missing.js',
  '/_astro/..%2F..%2Fserver%2Fentry.mjs',
  '/favicon.ico',
];

describe('hostile input, every server-level path', () => {
  it('never answers 500 on the paths the server answers beyond the route files', async () => {
    const all = await roles();
    const guest = all[0]!;
    const signedIn = all[3]!;
    const failures: string[] = [];
    const tasks: (() => Promise<void>)[] = [];
    for (const path of SERVER_PATHS)
      for (const role of [guest, signedIn])
        for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])
          for (const input of method === 'GET' || method === 'HEAD' || method === 'OPTIONS' ? [undefined] : CORPUS)
            tasks.push(async () => {
              const sent = await send(method, path, role, input);
              if (sent.status >= 500) failures.push(`${sent.status} ${role.name} ${method} ${path} [${input?.label ?? 'no body'}]`);
            });
    await pool(tasks);
    expect(tasks.length).toBeGreaterThan(1000);
    expect(failures, failures.slice(0, 40).join('\n')).toEqual([]);
  }, 240_000);
});
