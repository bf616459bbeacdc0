import type { APIRoute } from 'astro';
import { z } from 'zod';
import { json, parseBody } from '../../../../../lib/server/http';
import { requireUser, addPasskey, listPasskeys, passkeyNameSchema, serializePasskey } from '../../../../../lib/server/users';

/** GET /api/user/two-factor/passkeys: the user's passkeys. */
export const GET: APIRoute = async ({ locals }) => json({ data: (await listPasskeys(requireUser(locals).id)).map(serializePasskey) });

const schema = z.object({ challenge_token: z.string().min(1).max(100), credential: z.unknown(), name: passkeyNameSchema });

/** POST /api/user/two-factor/passkeys {challenge_token, credential, name}: adds the passkey → `{data, recovery_codes}`. */
export const POST: APIRoute = async ({ locals, request }) => {
  requireUser(locals);
  return json(await addPasskey(locals, await parseBody(request, schema)), 201);
};
