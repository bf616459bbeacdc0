/**
 * The one typed configuration of the server, read from the environment once.
 * A missing or malformed variable fails at start with a sentence that names it.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';

export type AppEnv = 'local' | 'test' | 'staging' | 'release';

export interface Config {
  env: AppEnv;
  port: number;
  host: string;
  appUrl: string;
  rootDir: string;
  dataDir: string;
  databaseUrl: string | null;
  appKey: string;
  mail: { smtpUrl: string | null; from: string; dir: string };
  oauth: { clientId: string; clientSecret: string; accessTokenTtl: number; refreshTokenTtl: number };
  cookie: { suffix: string; domain: string | null; secure: boolean };
  pusher: { appId: string; key: string; secret: string; host: string | null; port: number | null; scheme: 'http' | 'https'; embedded: boolean };
  onlineTimeout: number;
  fetchAllowHosts: string[];
  supportEmail: string;
  seedDemo: boolean;
  /** TEST_CLOCK: the instant the product's calendar rules read as "now" (tests only; see clock.ts). */
  testClock: Date | null;
  /** External podcast directories searched at onboarding (issue 6); both off unless configured. */
  podcastDirectory: {
    itunesSearchUrl: string | null;
    podcastIndex: { baseUrl: string; key: string; secret: string } | null;
  };
  /** Payout connection (hosting §7). Defaults are the providers' sandboxes with test-mode client ids. */
  payouts: {
    stripe: { connectBaseUrl: string; clientId: string; secretKey: string; testMode: boolean };
    paypal: { baseUrl: string; apiBaseUrl: string; clientId: string; secret: string; testMode: boolean };
  };
}

class ConfigError extends Error {}

function str(name: string, fallback?: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') {
    if (fallback === undefined) throw new ConfigError(`The environment variable ${name} is required but is not set.`);
    return fallback;
  }
  return value;
}

function int(name: string, fallback: number, min = 0): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min)
    throw new ConfigError(`The environment variable ${name} must be a whole number of at least ${min}, but it is "${raw}".`);
  return value;
}

function url(name: string, fallback: string | null, protocols: string[]): string | null {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`The environment variable ${name} must be a URL, but it is "${raw}".`);
  }
  if (!protocols.includes(parsed.protocol))
    throw new ConfigError(`The environment variable ${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}, but it is "${raw}".`);
  return raw.replace(/\/$/, '');
}

/** The application key signs state, unsubscribe links and cookies; kept under DATA_DIR when not given. */
function appKey(dataDir: string): string {
  const given = process.env.APP_KEY;
  if (given) {
    if (given.length < 32) throw new ConfigError('The environment variable APP_KEY must be at least 32 characters long.');
    return given;
  }
  const file = join(dataDir, 'app-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64url');
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}

/** TEST_CLOCK (an ISO-8601 instant) fixes the calendar clock; honoured only when APP_ENV=test. */
function testClock(env: AppEnv): Date | null {
  const raw = process.env.TEST_CLOCK;
  if (!raw) return null;
  if (env !== 'test') throw new ConfigError('The environment variable TEST_CLOCK is only honoured when APP_ENV=test; unset it.');
  const at = new Date(raw);
  if (Number.isNaN(at.getTime())) throw new ConfigError(`The environment variable TEST_CLOCK must be an ISO-8601 instant, but it is "${raw}".`);
  return at;
}

function load(): Config {
  const rootDir = resolve(process.env.CUEPOINT_ROOT ?? process.cwd());
  const envRaw = str('APP_ENV', process.env.NODE_ENV === 'test' ? 'test' : 'local');
  if (!['local', 'test', 'staging', 'release'].includes(envRaw))
    throw new ConfigError(`The environment variable APP_ENV must be one of local, test, staging or release, but it is "${envRaw}".`);
  const env = envRaw as AppEnv;
  const port = int('PORT', 4321, 1);
  const host = str('HOST', 'localhost');
  const appUrl = url('APP_URL', `http://${host === '0.0.0.0' || host === '::' ? 'localhost' : host}:${port}`, ['http:', 'https:'])!;
  const dataDir = resolve(rootDir, str('DATA_DIR', 'data'));
  const databaseUrl = url('DATABASE_URL', null, ['postgres:', 'postgresql:']);
  const pusherHost = process.env.PUSHER_HOST || null;
  const schemeRaw = str('PUSHER_SCHEME', pusherHost ? 'https' : new URL(appUrl).protocol.replace(':', ''));
  if (schemeRaw !== 'http' && schemeRaw !== 'https')
    throw new ConfigError(`The environment variable PUSHER_SCHEME must be http or https, but it is "${schemeRaw}".`);
  const key = appKey(dataDir);
  return {
    env,
    port,
    host,
    appUrl,
    rootDir,
    dataDir,
    databaseUrl,
    appKey: key,
    mail: {
      smtpUrl: url('SMTP_URL', null, ['smtp:', 'smtps:']),
      from: str('MAIL_FROM', 'Cuepoint <hello@cuepoint.test>'),
      dir: join(dataDir, 'mail'),
    },
    oauth: {
      clientId: str('OAUTH_CLIENT_ID', 'cuepoint-web'),
      clientSecret: str('OAUTH_CLIENT_SECRET', 'cuepoint-web-client-secret'),
      accessTokenTtl: int('ACCESS_TOKEN_TTL', 3600, 31),
      refreshTokenTtl: int('REFRESH_TOKEN_TTL', 60 * 60 * 24 * 30, 60),
    },
    cookie: {
      suffix: env === 'staging' ? '_staging' : env === 'release' ? '_release' : '',
      domain: process.env.COOKIE_DOMAIN || null,
      secure: appUrl.startsWith('https:'),
    },
    pusher: {
      appId: str('PUSHER_APP_ID', 'cuepoint'),
      key: str('PUSHER_KEY', 'cuepoint-key'),
      secret: str('PUSHER_SECRET', pusherHost ? undefined : `${key.slice(0, 24)}-realtime`),
      host: pusherHost,
      port: process.env.PUSHER_PORT ? int('PUSHER_PORT', 443, 1) : null,
      scheme: schemeRaw,
      embedded: !pusherHost,
    },
    onlineTimeout: int('ONLINE_TIMEOUT', 300, 10),
    fetchAllowHosts: (process.env.FETCH_ALLOW_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean),
    supportEmail: str('SUPPORT_EMAIL', 'support@cuepoint.test'),
    seedDemo: str('SEED_DEMO', 'true') !== 'false',
    testClock: testClock(env),
    podcastDirectory: {
      // e.g. https://itunes.apple.com (the /search and /lookup calls are appended).
      itunesSearchUrl: url('ITUNES_SEARCH_URL', null, ['http:', 'https:']),
      podcastIndex:
        process.env.PODCAST_INDEX_KEY && process.env.PODCAST_INDEX_SECRET
          ? {
              baseUrl: url('PODCAST_INDEX_URL', 'https://api.podcastindex.org/api/1.0', ['http:', 'https:'])!,
              key: process.env.PODCAST_INDEX_KEY,
              secret: process.env.PODCAST_INDEX_SECRET,
            }
          : null,
    },
    payouts: {
      // TEST MODE unless STRIPE_* are set: Stripe's own OAuth host with a placeholder test client id.
      stripe: {
        connectBaseUrl: url('STRIPE_CONNECT_BASE_URL', 'https://connect.stripe.com', ['http:', 'https:'])!,
        clientId: str('STRIPE_CLIENT_ID', 'ca_test_cuepoint_sandbox'),
        secretKey: str('STRIPE_SECRET_KEY', 'sk_test_cuepoint_sandbox'),
        testMode: !process.env.STRIPE_SECRET_KEY || process.env.STRIPE_SECRET_KEY.startsWith('sk_test_'),
      },
      // TEST MODE unless PAYPAL_* are set: PayPal's sandbox hosts.
      paypal: {
        baseUrl: url('PAYPAL_BASE_URL', 'https://www.sandbox.paypal.com', ['http:', 'https:'])!,
        apiBaseUrl: url('PAYPAL_API_BASE_URL', 'https://api-m.sandbox.paypal.com', ['http:', 'https:'])!,
        clientId: str('PAYPAL_CLIENT_ID', 'cuepoint-sandbox-client'),
        secret: str('PAYPAL_SECRET', 'cuepoint-sandbox-secret'),
        testMode: !process.env.PAYPAL_BASE_URL || process.env.PAYPAL_BASE_URL.includes('sandbox'),
      },
    },
  };
}

let cached: Config | null = null;

/** The configuration, validated on first use. */
export function config(): Config {
  cached ??= load();
  return cached;
}

export { ConfigError };
