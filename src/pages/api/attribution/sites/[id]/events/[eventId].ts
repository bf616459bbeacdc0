import type { APIRoute } from 'astro';
import { idParam, json } from '../../../../../../lib/server/http';
import { requireUser } from '../../../../../../lib/server/users';
import { deleteEvent } from '../../../../../../lib/server/measurement';

/** DELETE /api/attribution/sites/{id}/events/{id}. */
export const DELETE: APIRoute = async ({ locals, params }) => {
  await deleteEvent(requireUser(locals).id, idParam(params.id), idParam(params.eventId));
  return json(null, 204);
};
