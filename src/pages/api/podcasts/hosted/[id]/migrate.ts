import type { APIRoute } from 'astro';
import { z } from 'zod';
import { idParam, json, parseBody } from '../../../../../lib/server/http';
import { requireRole } from '../../../../../lib/server/session/guards';
import { startMigration } from '../../../../../lib/server/hosting/start-migration';

const schema = z.object({
  itunes_category_id: z.coerce.number({ error: 'The selected category is invalid.' }).int().positive('The selected category is invalid.').nullish(),
});

/** POST /api/podcasts/hosted/{id}/migrate {itunes_category_id?}: starts or resyncs the import; answers the hosted podcast. */
export const POST: APIRoute = async ({ locals, params, request }) => {
  const user = requireRole(locals, 'PODCASTER');
  const id = idParam(params.id);
  const body = await parseBody(request, schema);
  return json({ data: await startMigration(user, id, body) });
};
