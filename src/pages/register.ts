import type { APIRoute } from 'astro';
import { json, readBody } from '../lib/server/http';
import { registerUser, validateRegistration } from '../lib/server/users/register';
import { loadSessionUser, serializeUser } from '../lib/server/users/session-user';

/** POST /register: a brand or a podcaster signs up; the client then asks /oauth/token for tokens. */
export const POST: APIRoute = async ({ request }) => {
  const input = await validateRegistration(await readBody(request));
  const id = await registerUser(input);
  const user = await loadSessionUser(id);
  return json({ data: serializeUser(user!) }, 201);
};
