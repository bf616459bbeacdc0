import type { APIRoute } from 'astro';
import { z } from 'zod';
import { json, parseBody } from '../../lib/server/http';
import { signInWithPassword, setSessionCookies, clientAddress } from '../../lib/server/users';

const schema = z.object({ email: z.string().trim().min(1).max(255), password: z.string().min(1).max(200) });

/**
 * POST /session: the browser's sign-in (same origin only). Checks email and password like the password
 * grant and puts the session in its cookies, the refresh token HttpOnly; answers `{expires_in}`. With
 * two-factor authentication on it sets nothing and answers `{mfa_required: true, mfa_token, methods}`
 * for POST /session/two-factor.
 */
export const POST: APIRoute = async ({ request, cookies, clientAddress: peer }) => {
  const { email, password } = await parseBody(request, schema);
  const outcome = await signInWithPassword({ email, password, ip: clientAddress(request, () => peer), userAgent: request.headers.get('user-agent') });
  if (outcome.mfa) return json({ mfa_required: true, ...outcome.mfa });
  setSessionCookies(cookies, outcome.tokens);
  return json({ expires_in: outcome.tokens.expires_in });
};
