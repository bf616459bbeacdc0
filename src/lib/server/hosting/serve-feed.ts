/**
 * Serves a hosted feed the way feed caches expect: a strong ETag from the content and Last-Modified from
 * the last change (hosted_feed_states), 304 for a matching If-None-Match or If-Modified-Since, the body
 * compressed with Brotli or gzip when the client accepts it (one cached copy per content and encoding),
 * and a 301 to the new address once the show has moved.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { pickEncoding } from '../../../../server/accept-encoding.mjs';
import { buildHostedFeed } from './build-hosted-feed';
import { notModified } from '../byte-range';

type Encoding = 'br' | 'gzip';
const compressed = new Map<string, Buffer>();
const CACHE_ENTRIES = 64;

function compress(etag: string, encoding: Encoding, xml: string): Buffer {
  const key = `${etag}:${encoding}`;
  const hit = compressed.get(key);
  if (hit) return hit;
  const body = encoding === 'br' ? brotliCompressSync(xml, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : gzipSync(xml, { level: 6 });
  if (compressed.size >= CACHE_ENTRIES) compressed.delete(compressed.keys().next().value!);
  compressed.set(key, body);
  return body;
}

/** GET/HEAD /feeds/{hash}.xml. */
export async function serveHostedFeed(request: Request, podcastHash: string): Promise<Response> {
  const feed = await buildHostedFeed(podcastHash);
  if (!feed) return new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain' } });
  const encoding = pickEncoding(request.headers.get('accept-encoding'));
  // Each encoding is its own representation, so its validator differs (RFC 9110 §8.8.3).
  const etag = encoding ? `${feed.etag.slice(0, -1)}-${encoding}"` : feed.etag;
  const headers: Record<string, string> = {
    'content-type': 'application/rss+xml; charset=utf-8',
    etag,
    'last-modified': feed.lastModified.toUTCString(),
    'cache-control': 'public, max-age=300',
    vary: 'Accept-Encoding',
  };
  if (feed.location) headers.location = feed.location;
  if (feed.status === 200 && notModified(request, etag, feed.lastModified)) return new Response(null, { status: 304, headers });
  const body = encoding ? compress(feed.etag, encoding, feed.xml) : Buffer.from(feed.xml);
  if (encoding) headers['content-encoding'] = encoding;
  headers['content-length'] = String(body.length);
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), { status: feed.status, headers });
}
