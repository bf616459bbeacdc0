import type { APIRoute } from 'astro';
import { serveMedia } from '../../../lib/server/hosting/serve-media';

/** GET /media/{hash}/{name}: hosted audio and artwork, with byte ranges. */
export const GET: APIRoute = ({ params, request }) => serveMedia(request, params.hash ?? '', params.name ?? '');

export const HEAD = GET;

