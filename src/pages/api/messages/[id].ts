import type { APIRoute } from 'astro';
import { z } from 'zod';
import { idParam, json, parseBody } from '../../../lib/server/http';
import { requireUser } from '../../../lib/server/users';
import { editMessage } from '../../../lib/server/workrooms';

const schema = z.object({ content: z.string().max(20_000) });

/** PUT /api/messages/{id}: the author edits a message ({content}). */
export const PUT: APIRoute = async ({ locals, params, request }) => {
  const user = requireUser(locals);
  const id = idParam(params.id);
  const { content } = await parseBody(request, schema);
  return json({ data: await editMessage(user, id, content) });
};
