import type { APIRoute } from 'astro';
import { json } from '../../../../lib/server/http';
import { adChapters } from '../../../../lib/server/ads';

/** GET /api/ads/chapters/{episode hash_id}: the episode's ad breaks as Podcasting 2.0 JSON chapters (linked from the hosted feed). */
export const GET: APIRoute = async ({ params }) => {
  const chapters = await adChapters(params.hash_id ?? '');
  if (!chapters) return json({ message: 'Not Found.' }, 404);
  return new Response(JSON.stringify(chapters), {
    headers: { 'content-type': 'application/json+chapters', 'cache-control': 'public, max-age=300', 'access-control-allow-origin': '*' },
  });
};
