import type { APIRoute } from 'astro';
import { z } from 'zod';
import { json, parseBody } from '../../../lib/server/http';
import { signInWithPasskey, setSessionCookies, clientAddress } from '../../../lib/server/users';

const schema = z.object({ challenge_token: z.string().min(1).max(100), credential: z.unknown() });

/** POST /session/passkey {challenge_token, credential}: signs in with a passkey alone (no password); sets the session cookies. */
export const POST: APIRoute = async ({ request, cookies, clientAddress: peer }) => {
  const { challenge_token, credential } = await parseBody(request, schema);
  const tokens = await signInWithPasskey({
    challengeToken: challenge_token,
    credential,
    ip: clientAddress(request, () => peer),
    userAgent: request.headers.get('user-agent'),
  });
  setSessionCookies(cookies, tokens);
  return json({ expires_in: tokens.expires_in });
};
