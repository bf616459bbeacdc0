import type { APIRoute } from 'astro';
import { json, parseQuery } from '~/lib/server/http';
import { requireRole } from '~/lib/server/users';
import { countSponsorships, sponsorshipIndex, sponsorshipPage, sponsorshipQuerySchema } from '~/lib/server/marketplace';
import { resolvePodcast } from '~/lib/server/podcasts';

/** GET /api/v0/sponsorships: the sponsorships page in one call: the tab's page, the counts and the podcast. */
export const GET: APIRoute = async ({ locals, url, cookies }) => {
  const user = requireRole(locals, 'PODCASTER');
  const q = parseQuery(url, sponsorshipQuerySchema);
  const podcast = await resolvePodcast(user.id, q.podcast_id, cookies);
  const index = await sponsorshipIndex(podcast, q.search);
  const page = await sponsorshipPage(podcast, index, q.tab, q.page, q.per_page, url.pathname, {
    tab: q.tab,
    ...(q.search ? { search: q.search } : {}),
    podcast_id: String(podcast.id),
  });
  return json({ ...page, counts: countSponsorships(index), podcast: { id: podcast.id, title: podcast.title, hash_id: podcast.hash_id } });
};
