import type { APIRoute } from 'astro';
import { json, parseBody } from '../../../lib/server/http';
import { passwordResetSchema, resetPassword } from '../../../lib/server/users';

/** POST /api/password/reset: sets a new password with the mailed token. */
export const POST: APIRoute = async ({ request }) => {
  await resetPassword(await parseBody(request, passwordResetSchema));
  return json({ message: 'Your password has been reset. Sign in with your new password.' });
};
