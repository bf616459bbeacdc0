import type { APIRoute } from 'astro';
import { z } from 'zod';
import { idParam, json, parseQuery } from '../../../../lib/server/http';
import { requireUser } from '../../../../lib/server/users';
import { memberDiscussion, listMessages, readMessageInput, postMessage } from '../../../../lib/server/workrooms';

const query = z.object({ before: z.coerce.number().int().positive().optional(), after: z.coerce.number().int().min(0).optional() });

/** GET /api/discussions/{id}/messages: a page of the thread (before=id scrolls back, after=id is what a reconnecting client missed). */
export const GET: APIRoute = async ({ locals, params, url }) => {
  const user = requireUser(locals);
  const id = idParam(params.id);
  await memberDiscussion(user.id, id);
  const { before, after } = parseQuery(url, query);
  const { messages, has_more } = await listMessages(id, { before, after });
  return json({ data: messages, meta: { has_more } });
};

/** POST /api/discussions/{id}/messages: JSON {content, content_files_ids} or multipart {content, files[]}. */
export const POST: APIRoute = async ({ locals, params, request }) => {
  const user = requireUser(locals);
  const id = idParam(params.id);
  await memberDiscussion(user.id, id);
  const input = await readMessageInput(request);
  return json({ data: await postMessage(user, id, input) }, 201);
};
