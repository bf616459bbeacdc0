import type { APIRoute } from 'astro';
import { json, readBody } from '../lib/server/http';
import { clientAddress, registerUser, validateRegistration, loadSessionUser, serializeUser } from '../lib/server/users';

/** POST /register: a brand or a podcaster signs up; the client then signs in for the session. */
export const POST: APIRoute = async ({ request, clientAddress: peer }) => {
  const ip = clientAddress(request, () => peer);
  const input = await validateRegistration(await readBody(request), ip);
  const id = await registerUser(input, ip);
  const user = await loadSessionUser(id);
  return json({ data: serializeUser(user!) }, 201);
};
