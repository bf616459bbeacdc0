import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** The member a presence channel authorisation vouches for. */
export interface PresenceChannelData {
  user_id: string | number;
  user_info?: unknown;
}

export interface ChannelAuthorization {
  auth: string;
  channel_data?: string;
}

/** HMAC-SHA256 of `data` keyed by `secret`, as lowercase hex. */
export function hmacSha256Hex(secret: string, data: string): string {
  return createHmac('sha256', secret).update(data, 'utf8').digest('hex');
}

/** MD5 of a request body, as lowercase hex (the HTTP API's `body_md5`). */
export function md5Hex(body: string | Buffer): string {
  return createHash('md5').update(body).digest('hex');
}

// Compares as bytes in constant time so a signature cannot be guessed one character at a time.
function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

function channelStringToSign(socketId: string, channel: string, channelData: string | undefined): string {
  return channelData === undefined ? `${socketId}:${channel}` : `${socketId}:${channel}:${channelData}`;
}

/** Signs a private or presence subscription for the /broadcasting/auth endpoint, as Pusher's auth-signature spec defines it. */
export function authorizeChannel(options: {
  secret: string;
  key: string;
  socketId: string;
  channel: string;
  channelData?: PresenceChannelData | string | undefined;
}): ChannelAuthorization {
  // A string is signed byte for byte, so callers who already hold the exact JSON keep it unchanged.
  const channelData =
    options.channelData === undefined ? undefined : typeof options.channelData === 'string' ? options.channelData : JSON.stringify(options.channelData);
  const signature = hmacSha256Hex(options.secret, channelStringToSign(options.socketId, options.channel, channelData));
  const auth = `${options.key}:${signature}`;
  return channelData === undefined ? { auth } : { auth, channel_data: channelData };
}

/** Checks the `auth` a client sent with `pusher:subscribe` against the app's key and secret. */
export function verifyChannelAuth(options: {
  secret: string;
  key: string;
  socketId: string;
  channel: string;
  auth: unknown;
  channelData?: string | undefined;
}): boolean {
  if (typeof options.auth !== 'string') return false;
  const colon = options.auth.indexOf(':');
  if (colon < 0) return false;
  const key = options.auth.slice(0, colon);
  const signature = options.auth.slice(colon + 1);
  if (!safeEqual(key, options.key)) return false;
  const expected = hmacSha256Hex(options.secret, channelStringToSign(options.socketId, options.channel, options.channelData));
  return safeEqual(signature, expected);
}

type QueryInput = URLSearchParams | Record<string, string | number>;

function queryEntries(query: QueryInput): Array<[string, string]> {
  if (query instanceof URLSearchParams) return [...query.entries()];
  return Object.entries(query).map(([k, v]) => [k, String(v)]);
}

// Keys lowercased, sorted, joined unescaped: the HTTP API reference's canonical form.
function canonicalQuery(entries: Array<[string, string]>): string {
  const params = new Map<string, string>();
  for (const [k, v] of entries) {
    const key = k.toLowerCase();
    if (key !== 'auth_signature') params.set(key, v);
  }
  return [...params.keys()]
    .sort()
    .map((k) => `${k}=${params.get(k) ?? ''}`)
    .join('&');
}

/** The string the HTTP API signs: method, path and canonical query joined by newlines. */
export function apiStringToSign(method: string, path: string, query: QueryInput): string {
  return [method.toUpperCase(), path, canonicalQuery(queryEntries(query))].join('\n');
}

/** Signs an HTTP API request and returns its full query string (used by tests and the bench; the app publishes through the SDK). */
export function signApiRequest(options: {
  key: string;
  secret: string;
  method: string;
  path: string;
  body?: string | undefined;
  params?: Record<string, string | number> | undefined;
  timestamp?: number | undefined;
}): string {
  const params: Record<string, string | number> = {
    ...options.params,
    auth_key: options.key,
    auth_timestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
    auth_version: '1.0',
  };
  if (options.body) params['body_md5'] = md5Hex(options.body);
  const query = canonicalQuery(queryEntries(params));
  const signature = hmacSha256Hex(options.secret, [options.method.toUpperCase(), options.path, query].join('\n'));
  return `${query}&auth_signature=${signature}`;
}

export type ApiVerification = { ok: true } | { ok: false; reason: string };

/** Verifies an HTTP API request's key, timestamp window, body_md5 and signature. */
export function verifyApiRequest(options: {
  key: string;
  secret: string;
  method: string;
  path: string;
  query: URLSearchParams;
  body: string | Buffer;
  nowSeconds?: number | undefined;
  timestampWindowSeconds?: number | undefined;
}): ApiVerification {
  const { query } = options;
  const authKey = query.get('auth_key');
  const timestamp = query.get('auth_timestamp');
  const signature = query.get('auth_signature');
  if (!authKey || !timestamp || !signature) return { ok: false, reason: 'Missing auth_key, auth_timestamp or auth_signature' };
  if (!safeEqual(authKey, options.key)) return { ok: false, reason: 'Unknown auth_key' };
  const version = query.get('auth_version');
  if (version !== null && version !== '1.0') return { ok: false, reason: 'Unsupported auth_version' };
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  const window = options.timestampWindowSeconds ?? 600;
  const ts = Number(timestamp);
  if (!Number.isFinite(ts) || Math.abs(now - ts) > window) {
    return { ok: false, reason: `Timestamp expired: given ${timestamp}, now ${now}, window ${window}s` };
  }
  if (options.body.length > 0) {
    const bodyMd5 = query.get('body_md5');
    if (!bodyMd5 || !safeEqual(bodyMd5, md5Hex(options.body))) return { ok: false, reason: 'body_md5 does not match the body' };
  }
  const expected = hmacSha256Hex(options.secret, apiStringToSign(options.method, options.path, query));
  if (!safeEqual(signature, expected)) return { ok: false, reason: 'Invalid signature' };
  return { ok: true };
}
