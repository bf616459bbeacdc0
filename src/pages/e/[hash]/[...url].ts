import type { APIRoute } from 'astro';
import { prefixRedirect } from '../../../lib/server/analytics/prefix-redirect';
import { clientAddress } from '../../../lib/server/session/guards';

/** GET /e/{podcast hash}/{enclosure URL}: the measurement prefix (logged, then 302 to the original audio). */
export const GET: APIRoute = ({ request, clientAddress: address }) =>
  prefixRedirect(
    request,
    clientAddress(request, () => address),
  );

export const HEAD = GET;
