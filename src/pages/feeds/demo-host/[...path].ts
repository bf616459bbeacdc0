import type { APIRoute } from 'astro';
import { serveDemoHost } from '../../../lib/server/hosting';
import { authenticate } from '../../../lib/server/users';
import { sameOrigin } from '../../../lib/server/http';

/**
 * /feeds/demo-host/…: the demo's stand-in old podcast host (its feeds, files and settings page); 404
 * outside the local demo. Its settings page is a browser page of the podcaster's, so it reads the session
 * cookie (the API around it takes bearer tokens only) and refuses a change from another site.
 */
export const ALL: APIRoute = async ({ params, request, cookies, url }) => {
  const path = (params.path ?? '').replace(/\/+$/, '');
  const settings = !path.endsWith('.xml') && !path.includes('/');
  const session = settings ? await authenticate(request, cookies, true) : null;
  return serveDemoHost(request, path, { userId: session?.user.id ?? null, sameOrigin: sameOrigin(request, url) && !!request.headers.get('origin') });
};
