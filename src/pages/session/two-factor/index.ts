import type { APIRoute } from 'astro';
import { z } from 'zod';
import { json, parseBody } from '../../../lib/server/http';
import { completeSignIn, setSessionCookies, clientAddress } from '../../../lib/server/users';

const schema = z.object({
  mfa_token: z.string().min(1).max(100),
  otp: z.union([z.string().max(20), z.number()]).optional(),
  recovery_code: z.string().max(40).optional(),
  credential: z.unknown().optional(),
});

/** POST /session/two-factor {mfa_token, otp | recovery_code | credential}: the second step of the browser's sign-in; sets the session cookies. */
export const POST: APIRoute = async ({ request, cookies, clientAddress: peer }) => {
  const { mfa_token, ...proof } = await parseBody(request, schema);
  const tokens = await completeSignIn({ mfaToken: mfa_token, proof, ip: clientAddress(request, () => peer), userAgent: request.headers.get('user-agent') });
  setSessionCookies(cookies, tokens);
  return json({ expires_in: tokens.expires_in });
};
