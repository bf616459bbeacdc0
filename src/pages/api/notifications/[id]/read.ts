import type { APIRoute } from 'astro';
import { json, notFound } from '../../../../lib/server/http';
import { requireUser } from '../../../../lib/server/users';
import { markNotificationRead } from '../../../../lib/server/notifications';

/** POST /api/notifications/{id}/read: marks one of the user's notifications read. */
export const POST: APIRoute = async ({ locals, params }) => {
  const user = requireUser(locals);
  if (!params.id) throw notFound();
  return json({ data: await markNotificationRead(user.id, params.id) });
};
