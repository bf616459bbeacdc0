import type { APIRoute } from 'astro';
import { idParam, json } from '../../../../lib/server/http';
import { requireRole } from '../../../../lib/server/users';
import { serializePodcast, requestPodcastVerification, SENT_MESSAGE } from '../../../../lib/server/podcasts';

/**
 * POST /api/podcast/{id}/verify (marketplace spec §7): the same re-check and mail as
 * POST /api/podcasts/{id}/verification, answering the podcast with its refreshed email.
 */
export const POST: APIRoute = async ({ locals, params }) => {
  const user = requireRole(locals, 'PODCASTER');
  const { podcast, hosted } = await requestPodcastVerification(user, idParam(params.id));
  return json({ message: SENT_MESSAGE, data: serializePodcast(podcast, hosted) });
};
