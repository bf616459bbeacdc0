/**
 * THE guarded fetcher for every URL a user typed (RSS feeds, files by URL, redirect checks).
 * http(s) only; the host is resolved once and the connection pinned to that address, so DNS
 * rebinding cannot switch it; private, loopback, link-local, CGNAT, multicast, reserved and cloud
 * metadata addresses are refused unless `host:port` is in FETCH_ALLOW_HOSTS; every redirect hop is
 * checked again; the whole exchange has a deadline and the body a size limit, enforced while streaming.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Readable } from 'node:stream';
import { config } from '../config';
import { classifyAddress, type AddressKind } from './address-policy';
import { unwrapOwnPrefix } from '../../rules/audio-url';

export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;
export const DEFAULT_MAX_REDIRECTS = 5;

export interface GuardedFetchOptions {
  /** What the address is, for messages: "The {subject} did not answer…". Default 'feed'. */
  subject?: string;
  /** Deadline for the whole exchange, redirects included. Default 15 s. */
  timeoutMs?: number;
  /** Largest body accepted, after decompression. Default 10 MB. */
  maxBytes?: number;
  /** Follow redirects (checking every hop); false answers the 3xx itself. Default true. */
  followRedirects?: boolean;
  /** Most redirects followed. Default 5. */
  maxRedirects?: number;
  method?: 'GET' | 'HEAD';
  headers?: Record<string, string>;
  /** `host:port` entries that may be reached anyway; defaults to config().fetchAllowHosts. */
  allowHosts?: readonly string[];
}

export interface GuardedResponse {
  status: number;
  /** The final URL, after the redirects that were followed. */
  url: string;
  headers: Record<string, string>;
  body: Buffer;
  redirects: Array<{ status: number; location: string }>;
}

/** The address was refused before anything was sent: bad scheme, private network, too many redirects. */
export class FetchRefused extends Error {
  override readonly name = 'FetchRefused';
  constructor(
    message: string,
    readonly url: string,
    readonly reason: string,
  ) {
    super(message);
  }
}

/** The address was allowed but fetching it failed: DNS, connection, timeout, size. */
export class FetchFailed extends Error {
  override readonly name = 'FetchFailed';
  constructor(
    message: string,
    readonly url: string,
    readonly reason: string,
  ) {
    super(message);
  }
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

function formatBytes(bytes: number): string {
  const mb = 1024 * 1024;
  if (bytes >= mb) return `${Math.round((bytes / mb) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

function formatSeconds(ms: number): string {
  const s = Math.round(ms / 100) / 10;
  return `${s} second${s === 1 ? '' : 's'}`;
}

interface Target {
  url: URL;
  hostname: string;
  port: number;
  allowListed: boolean;
}

/** Parses and checks the scheme of an address; the hop number only changes the message. */
function parseTarget(raw: string, subject: string, allowHosts: readonly string[], base?: URL): Target {
  let url: URL;
  try {
    url = base ? new URL(raw, base) : new URL(raw.trim());
  } catch {
    throw base
      ? new FetchRefused(`The ${subject} redirected to an invalid address.`, raw, 'invalid-url')
      : new FetchRefused(`The ${subject} address must start with http:// or https://.`, raw, 'invalid-url');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw base
      ? new FetchRefused(`The ${subject} redirected to an address that is not http:// or https://.`, url.href, 'scheme')
      : new FetchRefused(`The ${subject} address must start with http:// or https://.`, url.href, 'scheme');
  }
  if (!url.hostname) throw new FetchRefused(`The ${subject} address has no host name.`, url.href, 'invalid-url');
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  const hostPort = `${url.hostname.toLowerCase()}:${port}`;
  const allowListed = allowHosts.some((h) => h.toLowerCase() === hostPort);
  return { url, hostname: url.hostname.replace(/^\[|\]$/g, ''), port, allowListed };
}

function refusedMessage(kind: AddressKind, subject: string, hop: boolean): string {
  const what = hop ? `The ${subject} redirected to an address that` : 'That address';
  if (kind === 'metadata') return `${what} points to a cloud metadata service and cannot be fetched.`;
  if (kind === 'invalid') return `${what} could not be resolved to a valid network address.`;
  return `${what} points to a private network and cannot be fetched.`;
}

async function withDeadline<T>(promise: Promise<T>, deadline: number, onTimeout: () => Error): Promise<T> {
  const remaining = deadline - Date.now();
  if (remaining <= 0) throw onTimeout();
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([promise, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(onTimeout()), remaining)))]);
  } finally {
    clearTimeout(timer);
  }
}

/** Resolves the host once and answers the one address to connect to, refusing any non-public answer. */
async function resolvePinned(
  target: Target,
  subject: string,
  hop: boolean,
  deadline: number,
  timeoutMessage: () => Error,
): Promise<{ address: string; family: 4 | 6 }> {
  const literal = isIP(target.hostname);
  let addresses: Array<{ address: string; family: number }>;
  if (literal) {
    addresses = [{ address: target.hostname, family: literal }];
  } else {
    try {
      addresses = await withDeadline(dnsLookup(target.hostname, { all: true, verbatim: true }), deadline, timeoutMessage);
    } catch (error) {
      if (error instanceof FetchFailed) throw error;
      throw new FetchFailed(
        `We could not find the server of ${hop ? `the address the ${subject} redirected to` : `the ${subject} address`} (${target.hostname}).`,
        target.url.href,
        'dns',
      );
    }
  }
  if (!addresses.length) throw new FetchFailed(`We could not find the server of the ${subject} address (${target.hostname}).`, target.url.href, 'dns');
  if (!target.allowListed) {
    // Every answer must be public: a host that also resolves to a private address is refused outright.
    for (const { address } of addresses) {
      const kind = classifyAddress(address);
      if (kind !== 'public') throw new FetchRefused(refusedMessage(kind, subject, hop), target.url.href, kind);
    }
  }
  const first = addresses[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

function decoded(res: IncomingMessage): Readable {
  const encoding = (res.headers['content-encoding'] ?? '').toLowerCase().trim();
  if (encoding === 'gzip' || encoding === 'x-gzip') return res.pipe(createGunzip());
  if (encoding === 'deflate') return res.pipe(createInflate());
  if (encoding === 'br') return res.pipe(createBrotliDecompress());
  return res;
}

function flatHeaders(res: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(res.headers)) {
    if (value !== undefined) out[key] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

interface HopResult {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** One request to a pinned address; reads the body unless it is a redirect that will be followed. */
function requestOnce(
  target: Target,
  pinned: { address: string; family: 4 | 6 },
  options: {
    method: 'GET' | 'HEAD';
    headers: Record<string, string>;
    deadline: number;
    maxBytes: number;
    subject: string;
    skipBodyOn: (status: number) => boolean;
    timeoutError: () => FetchFailed;
  },
): Promise<HopResult> {
  const { subject, maxBytes } = options;
  const timeoutMs = options.deadline - Date.now();
  return new Promise<HopResult>((resolve, reject) => {
    if (timeoutMs <= 0) return reject(options.timeoutError());
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      reject(error);
    };
    // The pinned address is handed to the socket whatever name it asks for, so no second lookup happens.
    const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
      if (lookupOptions.all) (callback as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [pinned]);
      else callback(null, pinned.address, pinned.family);
    };
    const client = target.url.protocol === 'https:' ? https : http;
    const req = client.request({
      protocol: target.url.protocol,
      hostname: target.hostname,
      port: target.port,
      path: `${target.url.pathname}${target.url.search}`,
      method: options.method,
      headers: { host: target.url.host, ...options.headers },
      lookup,
      agent: false,
      ...(target.url.username ? { auth: `${decodeURIComponent(target.url.username)}:${decodeURIComponent(target.url.password)}` } : {}),
      ...(target.url.protocol === 'https:' && !isIP(target.hostname) ? { servername: target.hostname } : {}),
    });
    const timer = setTimeout(() => fail(options.timeoutError()), timeoutMs);
    req.on('error', (error: NodeJS.ErrnoException) => {
      const message =
        error.code === 'ECONNREFUSED'
          ? `The ${subject} server refused the connection.`
          : error.code === 'ECONNRESET'
            ? `The ${subject} server closed the connection.`
            : error.code?.startsWith('ERR_TLS') || error.code?.includes('CERT')
              ? `The ${subject} server's HTTPS certificate is not valid.`
              : `The ${subject} could not be fetched.`;
      fail(new FetchFailed(message, target.url.href, error.code ?? 'network'));
    });
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      const headers = flatHeaders(res);
      if (options.method === 'HEAD' || options.skipBodyOn(status)) {
        res.resume();
        settled = true;
        clearTimeout(timer);
        req.destroy();
        return resolve({ status, headers, body: Buffer.alloc(0) });
      }
      const declared = Number(headers['content-length']);
      if (!headers['content-encoding'] && Number.isFinite(declared) && declared > maxBytes) {
        return fail(new FetchFailed(`The ${subject} is larger than ${formatBytes(maxBytes)}.`, target.url.href, 'too-large'));
      }
      const stream = decoded(res);
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          fail(new FetchFailed(`The ${subject} is larger than ${formatBytes(maxBytes)}.`, target.url.href, 'too-large'));
          stream.destroy();
          return;
        }
        chunks.push(chunk);
      });
      const cutShort = () => new FetchFailed(`The ${subject} server closed the connection before the end.`, target.url.href, 'aborted');
      stream.on('error', () => fail(res.complete ? new FetchFailed(`The ${subject} answer could not be read.`, target.url.href, 'read') : cutShort()));
      // A piped response does not pass its errors on to the decoder; the close check below reports the cut either way.
      if (stream !== res) res.on('error', () => fail(cutShort()));
      res.on('close', () => {
        if (!res.complete) fail(cutShort());
      });
      stream.on('end', () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ status, headers, body: Buffer.concat(chunks) });
      });
    });
    req.end();
  });
}

/**
 * What non-public address a URL names by itself, without a DNS lookup, under the fetcher's rules: an IP
 * literal that is not public (its kind), or `localhost` and `*.localhost` (loopback, RFC 6761); null for
 * a host name or a public address, or when `host:port` is in FETCH_ALLOW_HOSTS. For addresses we hand to
 * others (the measurement prefix's redirect), where we must not resolve names ourselves.
 */
export function literalAddressRefusal(url: URL, allowHosts: readonly string[] = config().fetchAllowHosts): AddressKind | null {
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  if (allowHosts.some((h) => h.toLowerCase() === `${url.hostname.toLowerCase()}:${port}`)) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return 'loopback';
  if (!isIP(host)) return null;
  const kind = classifyAddress(host);
  return kind === 'public' ? null : kind;
}

/** Fetches a URL a user typed, under the guards above; throws FetchRefused or FetchFailed with a readable message. */
export async function guardedFetch(rawUrl: string, options: GuardedFetchOptions = {}): Promise<GuardedResponse> {
  const subject = options.subject ?? 'feed';
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const follow = options.followRedirects ?? true;
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const allowHosts = options.allowHosts ?? config().fetchAllowHosts;
  const method = options.method ?? 'GET';
  const deadline = Date.now() + timeoutMs;
  const timeoutError = () => new FetchFailed(`The ${subject} did not answer within ${formatSeconds(timeoutMs)}.`, rawUrl, 'timeout');
  const headers = {
    'user-agent': `CuepointBot/1.0 (+${config().appUrl})`,
    accept: 'application/rss+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5',
    'accept-encoding': 'gzip, deflate, br',
    ...options.headers,
  };

  const redirects: GuardedResponse['redirects'] = [];
  // Our own measurement prefix is unwrapped (here and on every redirect hop): the product's fetches are never logged as listens.
  const direct = (url: string) => unwrapOwnPrefix(url, config().appUrl);
  let target = parseTarget(direct(rawUrl), subject, allowHosts);
  for (;;) {
    const pinned = await resolvePinned(target, subject, redirects.length > 0, deadline, timeoutError);
    const willFollow = (status: number) => follow && REDIRECT_STATUSES.has(status);
    const result = await requestOnce(target, pinned, { method, headers, deadline, maxBytes, subject, skipBodyOn: willFollow, timeoutError });
    if (!willFollow(result.status) || !result.headers.location) {
      return { status: result.status, url: target.url.href, headers: result.headers, body: result.body, redirects };
    }
    const location = result.headers.location;
    redirects.push({ status: result.status, location });
    if (redirects.length > maxRedirects) {
      throw new FetchRefused(`The ${subject} redirected more than ${maxRedirects} times.`, target.url.href, 'too-many-redirects');
    }
    let next = location;
    try {
      next = direct(new URL(location, target.url).href);
    } catch {
      // An invalid location is reported by parseTarget.
    }
    target = parseTarget(next, subject, allowHosts, target.url);
  }
}

/** The readable message of a fetch error, or null when the error is something else. */
export function fetchErrorMessage(error: unknown): string | null {
  return error instanceof FetchRefused || error instanceof FetchFailed ? error.message : null;
}
