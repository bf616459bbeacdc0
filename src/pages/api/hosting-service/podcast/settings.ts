import type { APIRoute } from 'astro';
import { json } from '../../../../lib/server/http';
import { requireRole } from '../../../../lib/server/users';
import { hostingServiceSettings, podcastIdHeader } from '../../../../lib/server/hosting';

/** GET /api/hosting-service/podcast/settings (X-Podcast-Id): {data: settings}. */
export const GET: APIRoute = async ({ locals, request }) => {
  const user = requireRole(locals, 'PODCASTER');
  return json({ data: await hostingServiceSettings(user, podcastIdHeader(request)) });
};
