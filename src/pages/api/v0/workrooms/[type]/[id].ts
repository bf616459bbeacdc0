import type { APIRoute } from 'astro';
import { z } from 'zod';
import { idParam, json, parseQuery } from '../../../../../lib/server/http';
import { requireUser } from '../../../../../lib/server/users';
import { countUnreadWorkrooms, listDiscussions, loadWorkroom } from '../../../../../lib/server/workrooms';

const schema = z.object({ after: z.coerce.number().int().min(0).optional(), before: z.coerce.number().int().positive().optional() });

/** GET /api/v0/workrooms/{type}/{id}: the workrooms screen with one workroom open (its discussion and latest messages). */
export const GET: APIRoute = async ({ locals, params, url }) => {
  const user = requireUser(locals);
  const { after, before } = parseQuery(url, schema);
  const current = await loadWorkroom(user.id, params.type ?? '', idParam(params.id), { after, before });
  const { items, total } = await listDiscussions(user.id, { archived: false, perPage: 20 });
  return json({ data: { discussions: items, total, unread_workrooms: await countUnreadWorkrooms(user.id), current } });
};
