import type { APIRoute } from 'astro';
import { serveMedia } from '../../../lib/server/hosting/serve-media';
import { recordMediaRequest } from '../../../lib/server/analytics/request-log';
import { clientAddress } from '../../../lib/server/session/guards';

/** GET /media/{hash}/{name}: hosted audio and artwork, with byte ranges; every audio request goes to measurement's log. */
export const GET: APIRoute = async ({ params, request, clientAddress: address }) => {
  const hash = params.hash ?? '';
  const name = params.name ?? '';
  const response = await serveMedia(request, hash, name);
  await recordMediaRequest({ request, response, podcastHash: hash, name, address: clientAddress(request, () => address) });
  return response;
};

export const HEAD: APIRoute = ({ params, request }) => serveMedia(request, params.hash ?? '', params.name ?? '');
