import type { APIRoute } from 'astro';
import { z } from 'zod';
import { idParam, json, parseQuery } from '~/lib/server/http';
import { requireRole } from '~/lib/server/users';
import { listManualStats } from '~/lib/server/measurement';

const query = z.object({
  page: z.coerce.number({ error: 'The page must be a number.' }).int().min(1, { error: 'The page must be at least 1.' }).max(100_000).default(1),
  per_page: z.coerce
    .number({ error: 'The per page must be a number.' })
    .int()
    .min(1)
    .max(50, { error: 'The per page must not be greater than 50.' })
    .default(10),
  cursor: z.string().max(2000).optional(),
});

/** GET /api/podcasts/{id}/manual-stats-list: the podcast's submissions, newest first, paginated. */
export const GET: APIRoute = async ({ locals, params, url }) => {
  const user = requireRole(locals, 'PODCASTER');
  const id = idParam(params.id);
  const { page, per_page, cursor } = parseQuery(url, query);
  return json(await listManualStats(user.id, id, page, per_page, cursor));
};
