import type { APIRoute } from 'astro';
import { z } from 'zod';
import { json, parseBody } from '../../../../../lib/server/http';
import { requireUser, confirmTotp } from '../../../../../lib/server/users';

/** POST /api/user/two-factor/totp/confirm {code}: turns the authenticator on → `{recovery_codes}` (null unless this turned two-factor on). */
export const POST: APIRoute = async ({ locals, request }) => {
  requireUser(locals);
  const { code } = await parseBody(request, z.object({ code: z.union([z.string().max(20), z.number()]) }));
  return json(await confirmTotp(locals, code));
};
