/**
 * Serves hosted media from the storage with byte ranges (podcast apps and Apple's validator seek with
 * Range requests; a bucket is asked for just that range), ETag and Last-Modified, and conditional GET.
 * With MEDIA_PUBLIC_URL set, a request is redirected to the CDN in front of the storage instead.
 */
import { extname } from 'node:path';
import { Readable } from 'node:stream';
import { publicUrl, storage } from '../storage';
import { notModified, resolveRange } from '../byte-range';
import { mediaPath } from '../media-paths';
import { MIME_BY_EXT } from './media-storage';

/** Answers GET/HEAD /media/{hash}/{name}; 404 when unknown, 206 for a satisfiable range, 416 otherwise (302 to the CDN when there is one). */
export async function serveMedia(request: Request, podcastHash: string, name: string): Promise<Response> {
  const key = mediaPath(podcastHash, name);
  const store = await storage();
  const stat = key ? await store.stat(key) : null;
  if (!key || !stat) return new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain' } });
  const cdn = publicUrl(key);
  if (cdn) return new Response(null, { status: 302, headers: { location: cdn, 'cache-control': 'public, max-age=300' } });
  const size = stat.size;
  const etag = stat.etag;
  const lastModified = new Date(Math.floor(stat.modifiedAt.getTime() / 1000) * 1000);
  const base: Record<string, string> = {
    'content-type': MIME_BY_EXT[extname(name)] ?? 'application/octet-stream',
    'accept-ranges': 'bytes',
    etag,
    'last-modified': lastModified.toUTCString(),
    'cache-control': 'public, max-age=86400',
  };
  if (notModified(request, etag, lastModified)) return new Response(null, { status: 304, headers: base });
  const head = request.method === 'HEAD';
  const range = request.headers.get('range');
  const ifRange = request.headers.get('if-range');
  const rangeApplies = range && (!ifRange || ifRange === etag || ifRange === base['last-modified']);
  const parsed = rangeApplies ? resolveRange(range, size) : null;
  if (parsed === 'unsatisfiable') return new Response(null, { status: 416, headers: { ...base, 'content-range': `bytes */${size}` } });
  if (parsed) {
    const { start, end } = parsed;
    const headers = { ...base, 'content-range': `bytes ${start}-${end}/${size}`, 'content-length': String(end - start + 1) };
    const body = head ? null : (Readable.toWeb(await store.read(key, { start, end })) as ReadableStream);
    return new Response(body, { status: 206, headers });
  }
  const body = head ? null : (Readable.toWeb(await store.read(key)) as ReadableStream);
  return new Response(body, { status: 200, headers: { ...base, 'content-length': String(size) } });
}
