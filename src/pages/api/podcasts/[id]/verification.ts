import type { APIRoute } from 'astro';
import { idParam, json } from '../../../../lib/server/http';
import { requireRole } from '../../../../lib/server/session/guards';
import { podcastVerificationState, requestPodcastVerification, SENT_MESSAGE } from '../../../../lib/server/podcasts/verification';

/** GET /api/podcasts/{id}/verification: the verified state the hosting screens poll. */
export const GET: APIRoute = async ({ locals, params }) => {
  const user = requireRole(locals, 'PODCASTER');
  return json({ data: await podcastVerificationState(user, idParam(params.id)) });
};

/** POST /api/podcasts/{id}/verification: re-reads the feed's owner email and mails it a verification link. */
export const POST: APIRoute = async ({ locals, params }) => {
  const user = requireRole(locals, 'PODCASTER');
  const { email } = await requestPodcastVerification(user, idParam(params.id));
  return json({ message: SENT_MESSAGE, data: { email } });
};
