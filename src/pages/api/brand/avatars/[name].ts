import type { APIRoute } from 'astro';
import { notFound } from '../../../../lib/server/http';
import { readBrandAvatar } from '../../../../lib/server/users';

/** GET /api/brand/avatars/{name}: a stored brand avatar (public, like any logo). */
export const GET: APIRoute = async ({ params }) => {
  const found = await readBrandAvatar(params.name ?? '');
  if (!found) throw notFound();
  return new Response(found.bytes, {
    headers: { 'content-type': found.mime, 'cache-control': 'public, max-age=31536000, immutable', 'x-content-type-options': 'nosniff' },
  });
};
