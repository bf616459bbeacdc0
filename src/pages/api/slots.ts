import type { APIRoute } from 'astro';
import { z } from 'zod';
import { json, parseQuery } from '~/lib/server/http';
import { requireRole } from '~/lib/server/users';
import { resolvePodcast, podcastCalendar } from '~/lib/server/podcasts';

const query = z.object({ podcast_id: z.coerce.number().int().positive().optional() });

/** GET /api/slots?podcast_id=: the 12-month calendar of the user's podcast (the current one by default). */
export const GET: APIRoute = async ({ locals, url, cookies }) => {
  const user = requireRole(locals, 'PODCASTER');
  const { podcast_id } = parseQuery(url, query);
  const podcast = await resolvePodcast(user.id, podcast_id, cookies);
  return json({ data: await podcastCalendar(podcast), meta: { podcast_id: podcast.id, schedule_settings: podcast.schedule_settings } });
};
