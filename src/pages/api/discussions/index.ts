import type { APIRoute } from 'astro';
import { z } from 'zod';
import { json, parseQuery } from '../../../lib/server/http';
import { requireUser } from '../../../lib/server/users';
import { countUnreadWorkrooms, listDiscussions } from '../../../lib/server/workrooms';
import { paginate } from '../../../lib/paginate';

const flag = z.enum(['1', '0', 'true', 'false']).transform((v) => v === '1' || v === 'true');
const schema = z.object({
  search: z.string().max(200).optional(),
  archived: flag.optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  per_page: z.coerce.number().int().min(1).max(50).optional(),
  cursor: z.string().max(2000).optional(),
});

/** GET /api/discussions: the user's workrooms, searchable, archived or not, paginated; meta.unread_workrooms feeds the badge. */
export const GET: APIRoute = async ({ locals, url }) => {
  const user = requireUser(locals);
  const q = parseQuery(url, schema);
  const { items, total, page, perPage, next_cursor } = await listDiscussions(user.id, {
    search: q.search,
    archived: q.archived,
    page: q.page,
    perPage: q.per_page,
    cursor: q.cursor,
  });
  const query: Record<string, string> = {};
  if (q.search) query.search = q.search;
  if (q.archived !== undefined) query.archived = q.archived ? '1' : '0';
  const body = paginate(items, total, page, perPage, '/api/discussions', query);
  return json({ ...body, meta: { ...body.meta, next_cursor, unread_workrooms: await countUnreadWorkrooms(user.id) } });
};
