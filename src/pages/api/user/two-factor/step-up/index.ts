import type { APIRoute } from 'astro';
import { json, parseBody } from '../../../../../lib/server/http';
import { clientAddress, requireUser, stepUp, stepUpSchema } from '../../../../../lib/server/users';

/**
 * POST /api/user/two-factor/step-up {otp | recovery_code | challenge_token + credential | password}:
 * proves who is at the keyboard (the second factor, or the password without one) → `{verified_until}`.
 */
export const POST: APIRoute = async ({ locals, request, clientAddress: peer }) => {
  requireUser(locals);
  const input = await parseBody(request, stepUpSchema);
  return json(
    await stepUp(
      locals,
      input,
      clientAddress(request, () => peer),
    ),
  );
};
