import type { APIRoute } from 'astro';
import { json, parseQuery } from '~/lib/server/http';
import { requireRole } from '~/lib/server/users';
import { sponsorshipIndex, sponsorshipPage, sponsorshipQuerySchema } from '~/lib/server/marketplace';
import { resolvePodcast } from '~/lib/server/podcasts';

/** GET /api/sponsorships?tab=&search=&page=&podcast_id=: one tab of the podcast's sponsorships, paginated. */
export const GET: APIRoute = async ({ locals, url, cookies }) => {
  const user = requireRole(locals, 'PODCASTER');
  const q = parseQuery(url, sponsorshipQuerySchema);
  const podcast = await resolvePodcast(user.id, q.podcast_id, cookies);
  const index = await sponsorshipIndex(podcast, q.search);
  const query = { tab: q.tab, ...(q.search ? { search: q.search } : {}), podcast_id: String(podcast.id) };
  return json(await sponsorshipPage(podcast, index, q.tab, q.page, q.per_page, url.pathname, query));
};
