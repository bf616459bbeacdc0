import type { APIRoute } from 'astro';
import { z } from 'zod';
import { json, parseBody } from '~/lib/server/http';
import { requireRole } from '~/lib/server/session/guards';
import { checkAnalytics } from '~/lib/server/podcasts/analytics-status';

const body = z.object({ podcast_id: z.number().int().positive() });

/** POST /api/check-analytics {podcast_id}: re-checks the podcast's analytics connections. */
export const POST: APIRoute = async ({ locals, request }) => {
  const user = requireRole(locals, 'PODCASTER');
  const { podcast_id } = await parseBody(request, body);
  return json({ data: await checkAnalytics(user.id, podcast_id) });
};
