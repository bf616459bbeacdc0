import type { APIRoute } from 'astro';
import { z } from 'zod';
import { idParam, json, parseBody } from '../../../../lib/server/http';
import { requireUser } from '../../../../lib/server/users';
import { countUnreadWorkrooms, viewMessages } from '../../../../lib/server/workrooms';

const schema = z.object({ message_ids: z.array(z.number().int().positive()).max(500).optional() });

/** POST /api/discussions/{id}/messages-view: records that the user saw messages (all unseen ones without message_ids). */
export const POST: APIRoute = async ({ locals, params, request }) => {
  const user = requireUser(locals);
  const id = idParam(params.id);
  const { message_ids } = await parseBody(request, schema);
  const viewed = await viewMessages(user.id, id, message_ids);
  return json({ data: { message_ids: viewed, unread_workrooms: await countUnreadWorkrooms(user.id) } });
};
