import type { APIRoute } from 'astro';
import { z } from 'zod';
import { json, parseQuery, fieldError } from '../../../lib/server/http';
import { verifyWithLink } from '../../../lib/server/users';

/** GET ?id=&code=: verifies an email by the mailed link's two parts (no sign-in needed). */
export const GET: APIRoute = async ({ url }) => {
  const { id, code } = parseQuery(url, z.object({ id: z.string().min(1).max(100), code: z.string().min(1).max(200) }));
  const result = await verifyWithLink(id, code);
  if (!result) throw fieldError('code', 'This verification link is invalid or has expired.');
  return json({ message: 'Your email address is verified.', data: { email: result.email } });
};
