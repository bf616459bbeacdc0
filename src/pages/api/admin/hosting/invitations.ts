import type { APIRoute } from 'astro';
import { json, parseBody } from '../../../../lib/server/http';
import { requireRole } from '../../../../lib/server/users';
import { inviteSchema, inviteToHosting } from '../../../../lib/server/hosting';

/** POST /api/admin/hosting/invitations {email, feed_url}: mails a hosting sign-up link; answers {data: {link}}. */
export const POST: APIRoute = async ({ locals, request }) => {
  requireRole(locals, 'ADMIN');
  const body = await parseBody(request, inviteSchema);
  const { link } = await inviteToHosting(body);
  return json({ data: { link } }, 201);
};
