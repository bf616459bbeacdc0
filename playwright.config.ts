import { defineConfig } from '@playwright/test';
import { TEST_NOW } from './tests/support/clock';

// E2E_PORT moves every server (e.g. to run two checkouts' browser tests side by side).
const base = Number(process.env.E2E_PORT ?? 4610);
// The podcasters spec serves a fixture RSS feed here; the main server's guarded fetcher may reach it.
export const FEED_FIXTURE_PORT = base + 89;
export const PORTS = {
  main: base,
  shortTokens: base + 1,
  hosting: base + 2,
  externalRealtime: base + 3,
  realtime: base + 4,
  // Passkeys: WebAuthn takes a domain (not an IP address) as its relying party, so this server's APP_URL is localhost.
  passkeys: base + 6,
  feeds: base + 38,
  measurement: base + 50,
  measurementSite: base + 51,
  // tests/e2e/start-servers.mjs answers here once every server above answers.
  ready: base + 90,
};
// The stand-in podcast hosts and payout providers of the hosting tests (tests/fixtures/feeds/hosting/feed-server.mjs).
const FEEDS_ORIGIN = `http://127.0.0.1:${PORTS.feeds}`;

// Every server the suite uses, started side by side by tests/e2e/start-servers.mjs (Playwright's own
// webServer list starts them one after another, and each seeds a fresh demo database).
const server = (name: string, port: number, env: Record<string, string> = {}, script = 'serve.mjs') => ({
  name,
  command: [`tests/e2e/${script}`, name],
  url: `http://127.0.0.1:${port}/login`,
  // Every browser test signs up from 127.0.0.1: the per-address sign-up limit (10 an hour) is raised here.
  // Every server reads the fixed test clock (tests/support/clock.ts; TEST_CLOCK=thursday etc. picks another):
  // its calendar rules, measurement and demo seed are dated from it, whatever day the suite runs.
  env: {
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    APP_ENV: 'test',
    SEED_DEMO: 'true',
    SIGNUP_LIMIT: '500/3600',
    TEST_CLOCK: TEST_NOW.toISOString(),
    ...env,
  },
});

// Issue 4: the same workrooms suite against an external Pusher-protocol server reached through PUSHER_*
// (server/realtime-standalone.mjs on its own port stands in for Soketi, Reverb or Pusher).
const EXTERNAL_PUSHER = { PUSHER_APP_ID: 'cuepoint-external', PUSHER_KEY: 'cuepoint-external-key', PUSHER_SECRET: 'cuepoint-external-secret-for-tests' };

const SERVERS = [
  {
    name: 'realtime-standalone',
    command: ['server/realtime-standalone.mjs'],
    url: `http://127.0.0.1:${PORTS.realtime}/health`,
    env: { ...EXTERNAL_PUSHER, REALTIME_PORT: String(PORTS.realtime), REALTIME_HOST: '127.0.0.1' },
  },
  server('e2e', PORTS.main, { FETCH_ALLOW_HOSTS: `127.0.0.1:${FEED_FIXTURE_PORT}` }),
  // Access tokens that live 31 s: the client refreshes them (under 30 s left) in the middle of a session.
  // Its one test signs a new user up, so it needs no demo data (a seed is most of a server's start).
  server('e2e-short', PORTS.shortTokens, { ACCESS_TOKEN_TTL: '31', SEED_DEMO: 'false' }),
  // Hosting: the demo hosted show reads its feed from the stand-in host (tests/e2e/serve-hosting.mjs).
  server(
    'e2e-hosting',
    PORTS.hosting,
    {
      FEEDS_ORIGIN,
      FETCH_ALLOW_HOSTS: `127.0.0.1:${PORTS.feeds}`,
      STRIPE_CONNECT_BASE_URL: FEEDS_ORIGIN,
      PAYPAL_BASE_URL: FEEDS_ORIGIN,
      PAYPAL_API_BASE_URL: FEEDS_ORIGIN,
    },
    'serve-hosting.mjs',
  ),
  // Measurement: the demo show "Second Wind Running" reads its feed from the spec's stand-in host; counting runs every 5 s.
  server(
    'e2e-measurement',
    PORTS.measurement,
    {
      FETCH_ALLOW_HOSTS: `127.0.0.1:${PORTS.measurementSite}`,
      MEASUREMENT_FEED: `http://127.0.0.1:${PORTS.measurementSite}/second-wind.rss`,
      ANALYTICS_COUNT_SECONDS: '5',
    },
    'serve-measurement.mjs',
  ),
  // Two-factor sign-in with passkeys (Chromium's virtual authenticator); its one test signs a new user up.
  server('e2e-passkeys', PORTS.passkeys, { SEED_DEMO: 'false', APP_URL: `http://localhost:${PORTS.passkeys}` }),
  server('e2e-external-realtime', PORTS.externalRealtime, {
    ...EXTERNAL_PUSHER,
    PUSHER_HOST: '127.0.0.1',
    PUSHER_PORT: String(PORTS.realtime),
    PUSHER_SCHEME: 'http',
  }),
];

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'tests/.artifacts/results',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORTS.main}`,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        '--disable-quic',
        // Chromium refuses some ports outright (6000 is X11's): allow the suite's own, whatever the base.
        `--explicitly-allowed-ports=${Object.values(PORTS).join(',')},${FEED_FIXTURE_PORT}`,
      ],
    },
  },
  projects: [
    { name: 'embedded-realtime', use: { baseURL: `http://127.0.0.1:${PORTS.main}` } },
    { name: 'external-realtime', testMatch: /workrooms\.spec\.ts$/, use: { baseURL: `http://127.0.0.1:${PORTS.externalRealtime}` } },
  ],
  webServer: {
    command: 'node tests/e2e/start-servers.mjs',
    url: `http://127.0.0.1:${PORTS.ready}/ready`,
    reuseExistingServer: false,
    timeout: 300_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { E2E_SERVERS: JSON.stringify(SERVERS), E2E_READY_PORT: String(PORTS.ready) },
  },
});
