import type { APIRoute } from 'astro';
import { idParam, json, parseBody } from '~/lib/server/http';
import { requireRole } from '~/lib/server/users';
import { markUnavailable, serializeSlot, slotInputSchema } from '~/lib/server/podcasts';

/** POST /api/podcasts/{id}/slots {type, date}: makes an available slot unavailable (stores its record). */
export const POST: APIRoute = async ({ locals, params, request }) => {
  const user = requireRole(locals, 'PODCASTER');
  const slot = await markUnavailable(user.id, idParam(params.id), await parseBody(request, slotInputSchema));
  return json({ data: serializeSlot(slot) }, 201);
};
