import type { APIRoute } from 'astro';
import { json, parseBody } from '~/lib/server/http';
import { requireUser } from '~/lib/server/session/guards';
import { requireRecentSecondFactor } from '~/lib/server/auth/step-up';
import { changePassword, passwordChangeSchema } from '~/lib/server/users/change-password';

/** PUT /api/user/password {current_password, password, password_confirmation}: a new password; other sessions end. */
export const PUT: APIRoute = async ({ locals, request }) => {
  const user = requireUser(locals);
  await requireRecentSecondFactor(locals);
  const result = await changePassword(user.id, await parseBody(request, passwordChangeSchema), locals.accessToken);
  return json({ message: 'Your password was changed.', data: result });
};
