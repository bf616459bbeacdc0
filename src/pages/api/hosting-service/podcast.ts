import type { APIRoute } from 'astro';
import { json, parseBody } from '../../../lib/server/http';
import { requireRole } from '../../../lib/server/users';
import { hostingServicePodcast, patchHostingServicePodcast, podcastIdHeader, hostedPatchSchema } from '../../../lib/server/hosting';

/** GET /api/hosting-service/podcast (X-Podcast-Id): the hosted podcast with percent, is_redirecting, episodes_count. */
export const GET: APIRoute = async ({ locals, request }) => {
  const user = requireRole(locals, 'PODCASTER');
  return json({ data: await hostingServicePodcast(user, podcastIdHeader(request)) });
};

/** PATCH /api/hosting-service/podcast (X-Podcast-Id) {payouts_skipped?, redirect_provider?}. */
export const PATCH: APIRoute = async ({ locals, request }) => {
  const user = requireRole(locals, 'PODCASTER');
  const id = podcastIdHeader(request);
  const body = await parseBody(request, hostedPatchSchema);
  return json({ data: await patchHostingServicePodcast(user, id, body) });
};
