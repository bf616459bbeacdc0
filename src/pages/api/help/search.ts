import type { APIRoute } from 'astro';
import { searchHelp } from '~/lib/server/help';
import { json } from '~/lib/server/http';

/** GET /api/help/search?q=…: the Help Center's articles that match, best first (public, like the Help Center). */
export const GET: APIRoute = async ({ url }) => {
  const q = (url.searchParams.get('q') ?? '').slice(0, 100);
  return json({ data: await searchHelp(q) });
};
