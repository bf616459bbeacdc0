import type { APIRoute } from 'astro';
import { idParam, json } from '~/lib/server/http';
import { requireRole } from '~/lib/server/users';
import { markAvailable } from '~/lib/server/podcasts';

/** DELETE /api/podcasts/{id}/slots/{slotId}: makes an unavailable slot available again (deletes its record). */
export const DELETE: APIRoute = async ({ locals, params }) => {
  const user = requireRole(locals, 'PODCASTER');
  await markAvailable(user.id, idParam(params.id), idParam(params.slotId));
  return json(null, 204);
};
