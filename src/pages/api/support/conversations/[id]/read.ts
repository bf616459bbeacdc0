import type { APIRoute } from 'astro';
import { idParam, json } from '~/lib/server/http';
import { requireUser } from '~/lib/server/session/guards';
import { markConversationRead } from '~/lib/server/support/support-messages';
import { countSupportUnread } from '~/lib/server/support/support-unread';

/** POST /api/support/conversations/{id}/read: the viewer has read it; answers their new badge count. */
export const POST: APIRoute = async ({ locals, params }) => {
  const user = requireUser(locals);
  const conversation = await markConversationRead(user, idParam(params.id));
  return json({ data: conversation, meta: { unread: await countSupportUnread(user) } });
};
