import type { APIRoute } from 'astro';
import { prefixRedirect } from '../../../lib/server/measurement';
import { clientAddress } from '../../../lib/server/users';

/** GET /e/{podcast hash}/{enclosure URL}: the measurement prefix (logged, then 302 to the original audio). */
export const GET: APIRoute = ({ request, clientAddress: address }) =>
  prefixRedirect(
    request,
    clientAddress(request, () => address),
  );

export const HEAD = GET;
