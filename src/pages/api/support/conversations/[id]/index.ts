import type { APIRoute } from 'astro';
import { z } from 'zod';
import { idParam, json, parseBody } from '~/lib/server/http';
import { requireUser } from '~/lib/server/users';
import { loadConversation, setConversationStatus } from '~/lib/server/support';

/** GET /api/support/conversations/{id}: the conversation and its messages (its user or an admin). */
export const GET: APIRoute = async ({ locals, params }) => {
  const { conversation, messages } = await loadConversation(requireUser(locals), idParam(params.id));
  return json({ data: { ...conversation, messages } });
};

/** PUT /api/support/conversations/{id} {status}: an admin closes (solved) or reopens it. */
export const PUT: APIRoute = async ({ locals, params, request }) => {
  const user = requireUser(locals);
  const { status } = await parseBody(request, z.object({ status: z.enum(['open', 'closed']) }));
  return json({ data: await setConversationStatus(user, idParam(params.id), status) });
};
