import type { APIRoute } from 'astro';
import { forbidden, idParam, json, parseBody } from '../../../lib/server/http';
import { requireUser, updateUser, updateUserSchema, loadSessionUser, serializeUser } from '../../../lib/server/users';

/** PUT /api/users/{id}: a user edits their own account. */
export const PUT: APIRoute = async ({ locals, params, request }) => {
  const user = requireUser(locals);
  const id = idParam(params.id);
  if (id !== user.id) throw forbidden();
  await updateUser(id, await parseBody(request, updateUserSchema), locals.accessToken);
  return json({ data: serializeUser((await loadSessionUser(id))!) });
};
