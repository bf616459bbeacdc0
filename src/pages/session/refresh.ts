import type { APIRoute } from 'astro';
import { config } from '../../lib/server/config';
import { json, unauthenticated } from '../../lib/server/http';
import { refreshSession } from '../../lib/server/users';

/**
 * POST /session/refresh: rotates the HttpOnly refresh cookie into new session cookies (same origin
 * only); answers `{expires_in}`, or 401 when the session is over.
 */
export const POST: APIRoute = async ({ cookies }) => {
  if (!(await refreshSession(cookies))) throw unauthenticated();
  return json({ expires_in: config().oauth.accessTokenTtl });
};
