import type { APIRoute } from 'astro';
import { z } from 'zod';
import { idParam, json, parseBody } from '../../../../lib/server/http';
import { requireRole } from '../../../../lib/server/users';
import { requestPodcastVerification, SENT_MESSAGE } from '../../../../lib/server/podcasts';
import { pollVerification, requestTxtVerification } from '../../../../lib/server/hosting';

/** GET /api/podcasts/{id}/verification: the verified state the hosting screens poll (it also looks for a podcast:txt code). */
export const GET: APIRoute = async ({ locals, params }) => {
  const user = requireRole(locals, 'PODCASTER');
  return json({ data: await pollVerification(user, idParam(params.id)) });
};

const bodySchema = z.object({ method: z.enum(['email', 'txt'], { error: 'Choose email or txt.' }).default('email') });

/**
 * POST /api/podcasts/{id}/verification: re-reads the feed's owner email and mails it a verification link;
 * with {method: "txt"} answers the code to place in the feed as <podcast:txt purpose="verify">.
 */
export const POST: APIRoute = async ({ locals, params, request }) => {
  const user = requireRole(locals, 'PODCASTER');
  const id = idParam(params.id);
  const { method } = await parseBody(request, bodySchema);
  if (method === 'txt') return json({ data: await requestTxtVerification(user, id) });
  const { email } = await requestPodcastVerification(user, id);
  return json({ message: SENT_MESSAGE, data: { email } });
};
