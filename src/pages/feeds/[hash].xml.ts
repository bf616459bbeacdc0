import type { APIRoute } from 'astro';
import { createHash } from 'node:crypto';
import { buildHostedFeed } from '../../lib/server/hosting/build-hosted-feed';
import { notModified } from '../../lib/server/hosting/serve-media';

/** GET /feeds/{hash}.xml: the public RSS feed of a hosted podcast, with ETag and Last-Modified. */
export const GET: APIRoute = async ({ params, request }) => {
  const feed = params.hash ? await buildHostedFeed(params.hash) : null;
  if (!feed) return new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain' } });
  const etag = `"${createHash('sha1').update(feed.xml).digest('hex').slice(0, 27)}"`;
  const headers = {
    'content-type': 'application/rss+xml; charset=utf-8',
    etag,
    'last-modified': feed.lastModified.toUTCString(),
    'cache-control': 'public, max-age=300',
  };
  if (notModified(request, etag, feed.lastModified)) return new Response(null, { status: 304, headers });
  return new Response(request.method === 'HEAD' ? null : feed.xml, { status: 200, headers });
};

export const HEAD = GET;
