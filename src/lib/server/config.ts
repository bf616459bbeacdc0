/**
 * The one typed configuration of the server, read from the environment once.
 * A missing or malformed variable fails at start with a sentence that names it.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
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
  /** TRUST_PROXY: how the client address is read behind proxies (see client-address.ts). */
  trustProxy: TrustProxy;
  /** SIGNUP_LIMIT: accounts one address may create per window. */
  signupLimit: { max: number; windowSeconds: number };
  pusher: { appId: string; key: string; secret: string; host: string | null; port: number | null; scheme: 'http' | 'https'; embedded: boolean };
  onlineTimeout: number;
  fetchAllowHosts: string[];
  supportEmail: string;
  seedDemo: boolean;
  /** The demo host (/feeds/demo-host/) answers only in the local demo: APP_ENV local or test, and SEED_DEMO not false. */
  demoHost: boolean;
  /** STORAGE_QUOTA_MB: the bytes one user's uploaded files may take up in all (each file is capped at 500 MB besides). */
  storageQuotaBytes: number;
  /** Where stored bytes live: the local disk under DATA_DIR/files, or an S3-compatible bucket (S3_*). */
  storage: {
    s3: { endpoint: string | null; bucket: string; region: string; accessKeyId: string | null; secretAccessKey: string | null; forcePathStyle: boolean } | null;
    /** MEDIA_PUBLIC_URL: a CDN (or public bucket) address in front of the stored files; hosted media redirect there. */
    mediaPublicUrl: string | null;
  };
  /** QUEUE_WORKER: work the job queue in this process (npm start); false on web instances beside `npm run worker`. */
  queueWorker: boolean;
  /** TEST_CLOCK: the instant the product's calendar rules read as "now" (tests only; see clock.ts). */
  testClock: Date | null;
  /** ANALYTICS_COUNT_SECONDS: how often the download counter and the attribution matcher run (1–60). */
  analyticsCountSeconds: number;
  /** REQUEST_LOG_RETENTION_DAYS: how long raw request-log rows are kept (the daily rollups are kept for good). */
  requestLogRetentionDays: number;
  /** External podcast directories searched at onboarding (issue 6); both off unless configured. */
  podcastDirectory: {
    itunesSearchUrl: string | null;
    podcastIndex: { baseUrl: string; key: string; secret: string } | null;
  };
  /**
   * Payments (issue 11): `stripe` when STRIPE_SECRET_KEY is set (the official SDK, its API base from
   * STRIPE_API_BASE), otherwise the embedded test-mode provider. `testMode` puts "Test mode" on every
   * money screen (the embedded provider, or Stripe with an sk_test_ key).
   */
  payments: {
    engine: 'embedded' | 'stripe';
    testMode: boolean;
    stripe: {
      secretKey: string | null;
      publishableKey: string | null;
      webhookSecret: string | null;
      api: { protocol: 'http' | 'https'; host: string; port: number } | null;
      timeoutMs: number;
    };
    /** PayPal payouts through the PayPal API (PAYPAL_CLIENT_ID set); otherwise the embedded provider records them. */
    paypalPayouts: boolean;
  };
  /**
   * Payout connection (hosting §7). With STRIPE_SECRET_KEY / PAYPAL_CLIENT_ID unset, the connect pages
   * are the embedded test-mode provider's own (under /api/test-provider/), so a fresh install can connect.
   */
  payouts: {
    stripe: { connectBaseUrl: string; clientId: string; secretKey: string; testMode: boolean };
    paypal: { baseUrl: string; apiBaseUrl: string; clientId: string; secret: string; testMode: boolean };
  };
}

/** No proxy (the socket address is the client), the number of proxies in front, or the proxies' addresses. */
export type TrustProxy = { kind: 'none' } | { kind: 'hops'; hops: number } | { kind: 'addresses'; list: string[] };

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

function bool(name: string, fallback: boolean): boolean {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new ConfigError(`The environment variable ${name} must be true or false, but it is "${raw}".`);
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

/**
 * TRUST_PROXY: `false` (default), a number of proxies in front of the server (`true` means 1), or a
 * comma-separated list of proxy addresses and CIDR ranges (`10.0.0.0/8,192.168.1.5`).
 */
function trustProxy(): TrustProxy {
  const raw = (process.env.TRUST_PROXY ?? '').trim();
  if (raw === '' || raw === 'false' || raw === '0') return { kind: 'none' };
  if (raw === 'true') return { kind: 'hops', hops: 1 };
  if (/^\d+$/.test(raw)) return { kind: 'hops', hops: Number(raw) };
  const list = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of list) {
    const [address, bits] = entry.split('/');
    const family = isIP(address ?? '');
    const max = family === 4 ? 32 : 128;
    if (!family || (bits !== undefined && (!/^\d+$/.test(bits) || Number(bits) > max)))
      throw new ConfigError(
        `The environment variable TRUST_PROXY must be false, a number of proxies, or a list of proxy addresses and CIDR ranges, but "${entry}" is none of these.`,
      );
  }
  return { kind: 'addresses', list };
}

/** A rate written `N/seconds` (`10/3600` is ten per hour). */
function rate(name: string, fallback: string): { max: number; windowSeconds: number } {
  const raw = process.env[name] || fallback;
  const m = /^(\d+)\/(\d+)$/.exec(raw.trim());
  if (!m || Number(m[1]) < 1 || Number(m[2]) < 1)
    throw new ConfigError(`The environment variable ${name} must be written N/seconds (for example 10/3600), but it is "${raw}".`);
  return { max: Number(m[1]), windowSeconds: Number(m[2]) };
}

/** S3_* select object storage when S3_BUCKET is set; the keys come as a pair or not at all (then the SDK's own chain). */
function storageConfig(): Config['storage'] {
  const bucket = process.env.S3_BUCKET || null;
  const mediaPublicUrl = url('MEDIA_PUBLIC_URL', null, ['http:', 'https:']);
  if (!bucket) {
    for (const name of ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'])
      if (process.env[name]) throw new ConfigError(`The environment variable ${name} is set but S3_BUCKET is not: set S3_BUCKET to use object storage.`);
    return { s3: null, mediaPublicUrl };
  }
  const accessKeyId = process.env.S3_ACCESS_KEY_ID || null;
  const secretAccessKey = process.env.S3_SECRET_ACCESS_KEY || null;
  if (!accessKeyId !== !secretAccessKey)
    throw new ConfigError(
      `The environment variable ${accessKeyId ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'} must be set together with ${accessKeyId ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY'}.`,
    );
  return {
    s3: {
      endpoint: url('S3_ENDPOINT', null, ['http:', 'https:']),
      bucket,
      region: str('S3_REGION', 'us-east-1'),
      accessKeyId,
      secretAccessKey,
      forcePathStyle: bool('S3_FORCE_PATH_STYLE', false),
    },
    mediaPublicUrl,
  };
}

/** STRIPE_API_BASE: where the SDK sends its calls (https://api.stripe.com unless a stand-in is named). */
function stripeApi(): Config['payments']['stripe']['api'] {
  const raw = url('STRIPE_API_BASE', null, ['http:', 'https:']);
  if (!raw) return null;
  const u = new URL(raw);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return { protocol, host: u.hostname, port: u.port ? Number(u.port) : protocol === 'http' ? 80 : 443 };
}

/** TEST_CLOCK (an ISO-8601 instant) fixes the calendar clock; honoured only when APP_ENV=test. */
/** `host:port` of an address, as the guarded fetcher compares allowed hosts. */
function ownHostPort(address: string): string {
  const u = new URL(address);
  return `${u.hostname.toLowerCase()}:${u.port || (u.protocol === 'https:' ? 443 : 80)}`;
}

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
  const stripeKey = process.env.STRIPE_SECRET_KEY || null;
  const paypalKey = process.env.PAYPAL_CLIENT_ID || null;
  if (stripeKey && !/^(sk|rk)_(test|live)_/.test(stripeKey))
    throw new ConfigError('The environment variable STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_… or sk_live_…).');
  const testProvider = `${appUrl}/api/test-provider`;
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
      accessTokenTtl: int('ACCESS_TOKEN_TTL', 300, 31),
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
    trustProxy: trustProxy(),
    signupLimit: rate('SIGNUP_LIMIT', '10/3600'),
    onlineTimeout: int('ONLINE_TIMEOUT', 300, 10),
    // The product's own public address is reachable like any public site (in production it is public
    // anyway; on a laptop it is loopback): the demo host's feeds are served there (hosting/demo-host).
    fetchAllowHosts: [...(process.env.FETCH_ALLOW_HOSTS ?? '').split(','), ownHostPort(appUrl)].map((h) => h.trim()).filter(Boolean),
    supportEmail: str('SUPPORT_EMAIL', 'support@cuepoint.test'),
    seedDemo: str('SEED_DEMO', 'true') !== 'false',
    demoHost: str('SEED_DEMO', 'true') !== 'false' && (env === 'local' || env === 'test'),
    storageQuotaBytes: int('STORAGE_QUOTA_MB', 10_240, 1) * 1024 * 1024,
    queueWorker: bool('QUEUE_WORKER', true),
    storage: storageConfig(),
    testClock: testClock(env),
    analyticsCountSeconds: Math.min(60, int('ANALYTICS_COUNT_SECONDS', 30, 1)),
    requestLogRetentionDays: int('REQUEST_LOG_RETENTION_DAYS', 400, 2),
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
    payments: {
      engine: stripeKey ? 'stripe' : 'embedded',
      testMode: !stripeKey || stripeKey.startsWith('sk_test_') || stripeKey.startsWith('rk_test_'),
      stripe: {
        secretKey: stripeKey,
        publishableKey: process.env.STRIPE_PUBLISHABLE_KEY || null,
        webhookSecret: process.env.STRIPE_WEBHOOK_SECRET || null,
        api: stripeApi(),
        timeoutMs: int('STRIPE_TIMEOUT_MS', 20_000, 100),
      },
      paypalPayouts: Boolean(paypalKey),
    },
    payouts: {
      // The embedded test provider's connect pages unless STRIPE_SECRET_KEY names a real account.
      stripe: {
        connectBaseUrl: url('STRIPE_CONNECT_BASE_URL', stripeKey ? 'https://connect.stripe.com' : `${testProvider}/stripe`, ['http:', 'https:'])!,
        clientId: str('STRIPE_CLIENT_ID', 'ca_test_cuepoint_sandbox'),
        secretKey: str('STRIPE_SECRET_KEY', 'sk_test_cuepoint_sandbox'),
        testMode: !process.env.STRIPE_SECRET_KEY || process.env.STRIPE_SECRET_KEY.startsWith('sk_test_'),
      },
      // The embedded test provider's PayPal pages unless PAYPAL_CLIENT_ID names a real app (then PayPal's sandbox by default).
      paypal: {
        baseUrl: url('PAYPAL_BASE_URL', paypalKey ? 'https://www.sandbox.paypal.com' : `${testProvider}/paypal`, ['http:', 'https:'])!,
        apiBaseUrl: url('PAYPAL_API_BASE_URL', paypalKey ? 'https://api-m.sandbox.paypal.com' : `${testProvider}/paypal`, ['http:', 'https:'])!,
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
