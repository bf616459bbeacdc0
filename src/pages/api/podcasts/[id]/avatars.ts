import type { APIRoute } from 'astro';
import { idParam, json, readBody } from '~/lib/server/http';
import { requireRole } from '~/lib/server/users';
import { savePodcastAvatar, findOwnedPodcast, podcastDetail } from '~/lib/server/podcasts';

/** POST /api/podcasts/{id}/avatars: multipart field `avatar` (PNG, JPEG or WebP, 5 MB); answers the podcast. */
export const POST: APIRoute = async ({ locals, params, request }) => {
  const user = requireRole(locals, 'PODCASTER');
  const id = idParam(params.id);
  await findOwnedPodcast(user.id, id);
  const body = await readBody(request);
  await savePodcastAvatar(user.id, id, body.avatar ?? body.file);
  const { podcast, hosted } = await findOwnedPodcast(user.id, id);
  return json({ data: await podcastDetail(podcast, hosted) });
};
