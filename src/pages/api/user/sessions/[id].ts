import type { APIRoute } from 'astro';
import { json } from '~/lib/server/http';
import { requireUser, signOutSession } from '~/lib/server/users';

/** DELETE /api/user/sessions/{id}: signs one session out. */
export const DELETE: APIRoute = async ({ locals, params }) => {
  await signOutSession(requireUser(locals).id, params.id ?? '');
  return json(null, 204);
};
