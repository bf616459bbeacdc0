import type { APIRoute } from 'astro';
import { z } from 'zod';
import { json, parseQuery } from '../../../../lib/server/http';
import { requireUser } from '../../../../lib/server/users';
import { countUnreadWorkrooms, listDiscussions } from '../../../../lib/server/workrooms';

const schema = z.object({ search: z.string().max(200).optional() });

/** GET /api/v0/workrooms: what the workrooms screen needs first: the open discussions and the unread count. */
export const GET: APIRoute = async ({ locals, url }) => {
  const user = requireUser(locals);
  const { search } = parseQuery(url, schema);
  const { items, total } = await listDiscussions(user.id, { search, archived: false, perPage: 20 });
  return json({ data: { discussions: items, total, unread_workrooms: await countUnreadWorkrooms(user.id), current: null } });
};
