import type { APIRoute } from 'astro';
import { z } from 'zod';
import { idParam, json, parseBody } from '~/lib/server/http';
import { requireRole } from '~/lib/server/session/guards';
import { answerLink, serializeAirCheck } from '~/lib/server/delivery/link-episode';

const schema = z.object({ reason: z.string().trim().max(2000).optional() });

/** POST /api/deliverables/{id}/disputed {reason?}: the brand disputes the linked episode (the job goes back in progress). */
export const POST: APIRoute = async ({ locals, params, request }) => {
  const user = requireRole(locals, 'BRAND');
  const { reason } = await parseBody(request, schema);
  return json({ data: serializeAirCheck(await answerLink(user, idParam(params.id), 'disputed', reason)) });
};
