import type { APIRoute } from 'astro';
import { idParam, json, parseBody } from '~/lib/server/http';
import { requireRole } from '~/lib/server/users';
import { deletePodcast, updatePodcast, updatePodcastSchema, podcastDetail, findOwnedPodcast } from '~/lib/server/podcasts';

/** PUT /api/podcasts/{id}: url (read, then verified again), title, about, country, category_ids of the user's podcast. */
export const PUT: APIRoute = async ({ locals, params, request }) => {
  const user = requireRole(locals, 'PODCASTER');
  const id = idParam(params.id);
  const input = await parseBody(request, updatePodcastSchema);
  await updatePodcast(user.id, id, input);
  const { podcast, hosted } = await findOwnedPodcast(user.id, id);
  return json({ data: await podcastDetail(podcast, hosted) });
};

/** DELETE /api/podcasts/{id}: removes the user's podcast. */
export const DELETE: APIRoute = async ({ locals, params }) => {
  const user = requireRole(locals, 'PODCASTER');
  await deletePodcast(user.id, idParam(params.id));
  return json(null, 204);
};
