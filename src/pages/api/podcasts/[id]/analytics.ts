import type { APIRoute } from 'astro';
import { idParam, json } from '~/lib/server/http';
import { requireRole } from '~/lib/server/users';
import { podcastAnalytics, parseDateRange } from '~/lib/server/measurement';

/** GET /api/podcasts/{id}/analytics?from=&to=: the show's analytics connection and its downloads over the range (default: the last 30 days). */
export const GET: APIRoute = async ({ locals, params, url }) => {
  const user = requireRole(locals, 'PODCASTER');
  const range = parseDateRange({ from: url.searchParams.get('from'), to: url.searchParams.get('to') });
  return json({ data: await podcastAnalytics(user.id, idParam(params.id), range) });
};
