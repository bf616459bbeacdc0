import type { APIRoute } from 'astro';
import { serveHostedFeed } from '../../lib/server/hosting';

/** GET /feeds/{hash}.xml: the public RSS feed of a hosted podcast (ETag, Last-Modified, 304, compression, 301 after a move). */
export const GET: APIRoute = ({ params, request }) => serveHostedFeed(request, params.hash ?? '');

export const HEAD = GET;
