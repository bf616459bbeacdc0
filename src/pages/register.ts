import type { APIRoute } from 'astro';
import { json, parseBody } from '../lib/server/http';
import { registerSchema, registerUser } from '../lib/server/users/register';
import { loadSessionUser, serializeUser } from '../lib/server/users/session-user';

/** POST /register: a brand or a podcaster signs up; the client then asks /oauth/token for tokens. */
export const POST: APIRoute = async ({ request }) => {
  const input = await parseBody(request, registerSchema);
  const id = await registerUser(input);
  const user = await loadSessionUser(id);
  return json({ data: serializeUser(user!) }, 201);
};
