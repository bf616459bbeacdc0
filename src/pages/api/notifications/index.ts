import type { APIRoute } from 'astro';
import { z } from 'zod';
import { json, parseQuery } from '../../../lib/server/http';
import { requireUser } from '../../../lib/server/users';
import { listNotifications } from '../../../lib/server/notifications';
import { paginate } from '../../../lib/paginate';

const schema = z.object({
  unread: z
    .enum(['1', '0', 'true', 'false'])
    .transform((v) => v === '1' || v === 'true')
    .optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  per_page: z.coerce.number().int().min(1).max(50).optional(),
  cursor: z.string().max(2000).optional(),
});

/** GET /api/notifications: the user's notifications, newest first (unread=1 for unread only); meta.unread is the bell's count. */
export const GET: APIRoute = async ({ locals, url }) => {
  const user = requireUser(locals);
  const q = parseQuery(url, schema);
  const { items, total, unread, page, perPage, next_cursor } = await listNotifications(user.id, {
    unread: q.unread,
    page: q.page,
    perPage: q.per_page,
    cursor: q.cursor,
  });
  const body = paginate(items, total, page, perPage, '/api/notifications', q.unread ? { unread: '1' } : {});
  return json({ ...body, meta: { ...body.meta, unread, next_cursor } });
};
