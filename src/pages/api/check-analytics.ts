import type { APIRoute } from 'astro';
import { z } from 'zod';
import { json, parseBody } from '~/lib/server/http';
import { requireRole } from '~/lib/server/users';
import { checkAnalytics } from '~/lib/server/measurement';

const body = z.object({ podcast_id: z.coerce.number().int().positive().max(2_147_483_647) });

/** POST /api/check-analytics {podcast_id}: reads the show's feed and turns its analytics active when the recent enclosures carry the prefix. */
export const POST: APIRoute = async ({ locals, request }) => {
  const user = requireRole(locals, 'PODCASTER');
  const { podcast_id } = await parseBody(request, body);
  return json({ data: await checkAnalytics(user.id, podcast_id) });
};
