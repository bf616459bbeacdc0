import type { APIRoute } from 'astro';
import { json } from '../../../../../lib/server/http';
import { requireUser, beginPasskey } from '../../../../../lib/server/users';

/** POST /api/user/two-factor/passkeys/options: the WebAuthn creation options for a new passkey and the token of their challenge. */
export const POST: APIRoute = async ({ locals }) => {
  requireUser(locals);
  return json(await beginPasskey(locals));
};
