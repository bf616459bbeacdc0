import type { APIRoute } from 'astro';
import { idParam, json } from '~/lib/server/http';
import { requireUser } from '~/lib/server/users';
import { markConversationRead, countSupportUnread } from '~/lib/server/support';

/** POST /api/support/conversations/{id}/read: the viewer has read it; answers their new badge count. */
export const POST: APIRoute = async ({ locals, params }) => {
  const user = requireUser(locals);
  const conversation = await markConversationRead(user, idParam(params.id));
  return json({ data: conversation, meta: { unread: await countSupportUnread(user) } });
};
