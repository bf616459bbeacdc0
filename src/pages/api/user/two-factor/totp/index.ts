import type { APIRoute } from 'astro';
import { json } from '../../../../../lib/server/http';
import { requireUser, beginTotp, removeAuthenticator } from '../../../../../lib/server/users';

/** POST /api/user/two-factor/totp: a new authenticator secret → `{secret, otpauth_url, qr_code}` (confirmed by its first code). */
export const POST: APIRoute = async ({ locals }) => {
  requireUser(locals);
  return json(await beginTotp(locals));
};

/** DELETE /api/user/two-factor/totp: removes the authenticator app (step-up). */
export const DELETE: APIRoute = async ({ locals }) => {
  requireUser(locals);
  await removeAuthenticator(locals);
  return json(null, 204);
};
