import type { APIRoute } from 'astro';
import { json, parseBody } from '~/lib/server/http';
import { requireUser, requireRecentSecondFactor, changePassword, passwordChangeSchema } from '~/lib/server/users';

/** PUT /api/user/password {current_password, password, password_confirmation}: a new password; other sessions end. */
export const PUT: APIRoute = async ({ locals, request }) => {
  const user = requireUser(locals);
  await requireRecentSecondFactor(locals);
  const result = await changePassword(user.id, await parseBody(request, passwordChangeSchema), locals.accessToken);
  return json({ message: 'Your password was changed.', data: result });
};
