import type { APIRoute } from 'astro';
import { idParam, json, parseQuery } from '../../../../lib/server/http';
import { requireRole } from '../../../../lib/server/users';
import { v0Campaign, v0Query } from '../../../../lib/server/campaigns';

/** GET /api/v0/campaigns/{id} (ajax, podcast_id): one campaign the user may see. */
export const GET: APIRoute = async ({ locals, params, url }) => {
  const user = requireRole(locals, 'BRAND', 'PODCASTER');
  return json({ data: await v0Campaign(user, idParam(params.id), parseQuery(url, v0Query)) });
};
