import type { APIRoute } from 'astro';
import { z } from 'zod';
import { json, parseBody } from '../../lib/server/http';
import { requireUser } from '../../lib/server/users';
import { authorizeSubscription } from '../../lib/server/realtime';
import { mayJoinWorkroom } from '../../lib/server/workrooms';

const schema = z.object({
  socket_id: z.string().regex(/^\d+\.\d+$/, 'The socket id is invalid.'),
  channel_name: z.string().min(1).max(200),
});

/** POST /broadcasting/auth: signs a private or presence subscription for the bearer's user. */
export const POST: APIRoute = async ({ locals, request }) => {
  const user = requireUser(locals);
  const { socket_id, channel_name } = await parseBody(request, schema);
  return json(await authorizeSubscription(user, socket_id, channel_name, { workroom: mayJoinWorkroom }));
};
