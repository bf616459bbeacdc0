import type { APIRoute } from 'astro';
import { z } from 'zod';
import { idParam, json, parseBody } from '../../../../../lib/server/http';
import { requireRole } from '../../../../../lib/server/users';
import { startMigration } from '../../../../../lib/server/hosting';

const schema = z.object({
  itunes_category_id: z.coerce.number({ error: 'The selected category is invalid.' }).int().positive('The selected category is invalid.').nullish(),
  /** The Apple category chosen for a feed category Apple does not list (asked on Confirm migration). */
  itunes_category: z.object({ category: z.string().trim().max(100), subcategory: z.string().trim().max(100).nullable() }).nullish(),
});

/** POST /api/podcasts/hosted/{id}/migrate {itunes_category_id?, itunes_category?}: starts or resyncs the import; answers the hosted podcast. */
export const POST: APIRoute = async ({ locals, params, request }) => {
  const user = requireRole(locals, 'PODCASTER');
  const id = idParam(params.id);
  const body = await parseBody(request, schema);
  return json({ data: await startMigration(user, id, body) });
};
