import type { APIRoute } from 'astro';
import { z } from 'zod';
import { json, parseBody } from '../../../../lib/server/http';
import { validateInvite } from '../../../../lib/server/hosting';

/** POST /api/register/hosted/validate-token {token}: {data: {email, feed_url}} or 422. */
export const POST: APIRoute = async ({ request }) => {
  const { token } = await parseBody(request, z.object({ token: z.string().min(1, 'The invitation is missing.') }));
  return json({ data: validateInvite(token) });
};
