import type { APIRoute } from 'astro';
import { json, readBody } from '../../lib/server/http';
import { tokenGrant } from '../../lib/server/auth/oauth-token';
import { clientAddress } from '../../lib/server/session/guards';

/** POST /oauth/token: the password and refresh_token grants. */
export const POST: APIRoute = async ({ request, clientAddress: address }) => {
  const body = await readBody(request);
  const tokens = await tokenGrant(
    body,
    clientAddress(request, () => address),
  );
  return json(tokens, 200, { pragma: 'no-cache' });
};
