import type { APIRoute } from 'astro';
import { idParam, json, readBody } from '../../../../../../lib/server/http';
import { requireUser } from '../../../../../../lib/server/users';
import { createEvent, listEvents } from '../../../../../../lib/server/measurement';

/** GET /api/attribution/sites/{id}/events. */
export const GET: APIRoute = async ({ locals, params }) => json({ data: await listEvents(requireUser(locals).id, idParam(params.id)) });

/** POST /api/attribution/sites/{id}/events: body name. */
export const POST: APIRoute = async ({ locals, params, request }) => {
  const user = requireUser(locals);
  const id = idParam(params.id);
  return json({ data: await createEvent(user.id, id, await readBody(request)) }, 201);
};
