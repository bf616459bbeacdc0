import type { APIRoute } from 'astro';
import { json, readBody } from '../../../lib/server/http';
import { registerHosted } from '../../../lib/server/hosting';
import { loadSessionUser, serializeUser } from '../../../lib/server/users';

/** POST /api/register/hosted {token, first_name, last_name, password}: the podcaster with an admitted podcast (201 {data: user}). */
export const POST: APIRoute = async ({ request }) => {
  const { userId } = await registerHosted(await readBody(request));
  const user = await loadSessionUser(userId);
  return json({ data: serializeUser(user!) }, 201);
};
