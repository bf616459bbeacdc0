import type { APIRoute } from 'astro';
import { json, readBody } from '../../../../lib/server/http';
import { requireRole, saveBrandAvatar } from '../../../../lib/server/users';

/** POST /api/brand/avatars: multipart field `avatar` (the cropped image); answers the brand. */
export const POST: APIRoute = async ({ locals, request }) => {
  const user = requireRole(locals, 'BRAND');
  const body = await readBody(request);
  return json({ data: await saveBrandAvatar(user.id, body.avatar ?? body.file) });
};
