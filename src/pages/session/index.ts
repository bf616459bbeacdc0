import type { APIRoute } from 'astro';
import { z } from 'zod';
import { json, parseBody } from '../../lib/server/http';
import { signInWithPassword } from '../../lib/server/auth/sign-in';
import { setSessionCookies } from '../../lib/server/session/cookies';
import { clientAddress } from '../../lib/server/session/guards';

const schema = z.object({ email: z.string().trim().min(1).max(255), password: z.string().min(1).max(200) });

/**
 * POST /session: the browser's sign-in (same origin only). Checks email and password like the password
 * grant and puts the session in its cookies, the refresh token HttpOnly; answers `{expires_in}`.
 */
export const POST: APIRoute = async ({ request, cookies, clientAddress: peer }) => {
  const { email, password } = await parseBody(request, schema);
  const tokens = await signInWithPassword({ email, password, ip: clientAddress(request, () => peer), userAgent: request.headers.get('user-agent') });
  setSessionCookies(cookies, tokens);
  return json({ expires_in: tokens.expires_in });
};
