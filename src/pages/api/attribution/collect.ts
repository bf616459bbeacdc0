import type { APIRoute } from 'astro';
import { collectEvent, preflight } from '../../../lib/server/measurement';
import { clientAddress } from '../../../lib/server/users';

/** POST /api/attribution/collect {pid, event, url}: an event of the attribution snippet (204, stored only when genuine). */
export const POST: APIRoute = async ({ request, clientAddress: address }) => {
  const headers = await collectEvent(
    request,
    clientAddress(request, () => address),
  );
  return new Response(null, { status: 204, headers });
};

/** The CORS preflight (the snippet sends text/plain and needs none; other clients may). */
export const OPTIONS: APIRoute = ({ request }) => preflight(request);
