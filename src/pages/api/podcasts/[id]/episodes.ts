import type { APIRoute } from 'astro';
import { z } from 'zod';
import { json, parseQuery } from '~/lib/server/http';
import { requireUser } from '~/lib/server/users';
import { findPublicPodcast, listEpisodes } from '~/lib/server/podcasts';
import { pageOf } from '~/lib/server/marketplace';

const query = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1), per_page: z.coerce.number().int().min(1).max(50).default(10) });

/** GET /api/podcasts/{hash}/episodes: the podcast's published episodes, newest first, paginated. */
export const GET: APIRoute = async ({ locals, params, url }) => {
  requireUser(locals);
  const { page, per_page } = parseQuery(url, query);
  const { podcast } = await findPublicPodcast(params.id ?? '');
  const { items } = await listEpisodes(podcast.id, 1, 10_000);
  return json(pageOf(items, page, per_page, url.pathname));
};
