import type { APIRoute } from 'astro';
import { json, parseBody, parseQuery } from '~/lib/server/http';
import { requireUser } from '~/lib/server/users';
import { listConversations, listConversationsSchema, openConversation, openConversationSchema, countSupportUnread } from '~/lib/server/support';

/** GET /api/support/conversations: the user's own conversations (an admin: everyone's), newest first; meta.unread feeds the badge. */
export const GET: APIRoute = async ({ locals, url }) => {
  const user = requireUser(locals);
  const body = await listConversations(user, parseQuery(url, listConversationsSchema));
  return json({ ...body, meta: { ...body.meta, unread: await countSupportUnread(user) } });
};

/** POST /api/support/conversations {message}: opens a conversation with the support team. */
export const POST: APIRoute = async ({ locals, request }) => {
  const user = requireUser(locals);
  const { message } = await parseBody(request, openConversationSchema);
  const opened = await openConversation(user, message);
  return json({ data: { ...opened.conversation, messages: [opened.message] } }, 201);
};
