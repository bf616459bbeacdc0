import type { APIRoute } from 'astro';
import { HttpError, json, readBody } from '../../lib/server/http';
import { INVALID_REQUEST, oauthError, tokenGrant, clientAddress } from '../../lib/server/users';

/** POST /oauth/token: the password and refresh_token grants; a body it cannot read is OAuth's invalid_request. */
export const POST: APIRoute = async ({ request, clientAddress: address }) => {
  const body = await readBody(request).catch((error: unknown) => {
    throw error instanceof HttpError ? oauthError('invalid_request', INVALID_REQUEST) : error;
  });
  const tokens = await tokenGrant(
    body,
    clientAddress(request, () => address),
    request.headers.get('user-agent'),
  );
  return json(tokens, 200, { pragma: 'no-cache' });
};
