import type { APIRoute } from 'astro';
import { serveMedia } from '../../../lib/server/hosting';
import { recordMediaRequest } from '../../../lib/server/measurement';
import { serveAdVariant } from '../../../lib/server/ads';
import { clientAddress } from '../../../lib/server/users';

/** GET /media/{hash}/{name}: hosted audio and artwork, with byte ranges; every audio request goes to measurement's log. */
export const GET: APIRoute = async ({ params, request, clientAddress: address }) => {
  const hash = params.hash ?? '';
  const name = params.name ?? '';
  const ip = clientAddress(request, () => address);
  // Automated ads: the listener's stitched variant when they have a fill, else the upload as is.
  const response = (await serveAdVariant(request, hash, name, ip)) ?? (await serveMedia(request, hash, name));
  await recordMediaRequest({ request, response, podcastHash: hash, name, address: ip });
  return response;
};

export const HEAD: APIRoute = async ({ params, request, clientAddress: address }) =>
  (await serveAdVariant(
    request,
    params.hash ?? '',
    params.name ?? '',
    clientAddress(request, () => address),
  )) ?? serveMedia(request, params.hash ?? '', params.name ?? '');
