import type { APIRoute } from 'astro';
import { serveMedia } from '../../../lib/server/hosting/serve-media';
import { countDownload, countsAsDownload } from '../../../lib/server/hosting/count-download';

/** GET /media/{hash}/{name}: hosted audio and artwork, with byte ranges; a download from the first byte is counted. */
export const GET: APIRoute = async ({ params, request }) => {
  const hash = params.hash ?? '';
  const name = params.name ?? '';
  const response = serveMedia(request, hash, name);
  if (countsAsDownload(request, response.status)) {
    // Counting never holds up or breaks the audio.
    await countDownload(hash, name).catch((err: unknown) => console.error('download count failed', err));
  }
  return response;
};

export const HEAD: APIRoute = ({ params, request }) => serveMedia(request, params.hash ?? '', params.name ?? '');
