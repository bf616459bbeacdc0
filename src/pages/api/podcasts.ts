import type { APIRoute } from 'astro';
import { json, parseBody } from '~/lib/server/http';
import { requireRole } from '~/lib/server/users';
import { addPodcast, addPodcastSchema, podcastDetail } from '~/lib/server/podcasts';

/** POST /api/podcasts {url}: reads the RSS feed and adds the show to the podcaster's account. */
export const POST: APIRoute = async ({ locals, request }) => {
  const user = requireRole(locals, 'PODCASTER');
  const podcast = await addPodcast(user.id, await parseBody(request, addPodcastSchema));
  return json({ data: await podcastDetail(podcast, null) }, 201);
};
