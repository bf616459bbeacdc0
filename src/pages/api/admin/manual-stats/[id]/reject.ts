import type { APIRoute } from 'astro';
import { z } from 'zod';
import { idParam, json, parseBody } from '~/lib/server/http';
import { requireRole } from '~/lib/server/users';
import { rejectManualStats } from '~/lib/server/measurement';

/** POST /api/admin/manual-stats/{id}/reject {reason}: rejects a pending submission with a reason. */
export const POST: APIRoute = async ({ locals, params, request }) => {
  requireRole(locals, 'ADMIN');
  const id = idParam(params.id);
  const { reason } = await parseBody(request, z.object({ reason: z.string({ error: 'The reason field is required.' }) }));
  return json({ data: await rejectManualStats(id, reason) });
};
