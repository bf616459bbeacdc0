import type { APIRoute } from 'astro';
import { json, parseQuery } from '~/lib/server/http';
import { requireRole } from '~/lib/server/users';
import { countSponsorships, sponsorshipIndex, sponsorshipQuerySchema } from '~/lib/server/marketplace';
import { resolvePodcast } from '~/lib/server/podcasts';

/** GET /api/sponsorships-count?search=&podcast_id=: {othersCount, notFitCount, pendingCount} (and declinedCount). */
export const GET: APIRoute = async ({ locals, url, cookies }) => {
  const user = requireRole(locals, 'PODCASTER');
  const q = parseQuery(url, sponsorshipQuerySchema);
  const podcast = await resolvePodcast(user.id, q.podcast_id, cookies);
  return json(countSponsorships(await sponsorshipIndex(podcast, q.search)));
};
