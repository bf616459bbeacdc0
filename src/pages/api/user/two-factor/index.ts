import type { APIRoute } from 'astro';
import { json } from '../../../../lib/server/http';
import { requireUser, twoFactorSummary, turnOffTwoFactor, stepUpUntil } from '../../../../lib/server/users';

/** GET /api/user/two-factor: the user's second factors (authenticator app, passkeys, recovery codes left) and their step-up window. */
export const GET: APIRoute = async ({ locals }) => {
  const user = requireUser(locals);
  return json({ data: { ...(await twoFactorSummary(user.id, user.type)), step_up_until: await stepUpUntil(locals) } });
};

/** DELETE /api/user/two-factor: turns two-factor sign-in off (step-up; never for admins). */
export const DELETE: APIRoute = async ({ locals }) => {
  requireUser(locals);
  await turnOffTwoFactor(locals);
  return json(null, 204);
};
