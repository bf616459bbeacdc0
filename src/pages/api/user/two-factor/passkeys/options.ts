import type { APIRoute } from 'astro';
import { json } from '../../../../../lib/server/http';
import { requireUser } from '../../../../../lib/server/session/guards';
import { beginPasskey } from '../../../../../lib/server/auth/manage-two-factor';

/** POST /api/user/two-factor/passkeys/options: the WebAuthn creation options for a new passkey and the token of their challenge. */
export const POST: APIRoute = async ({ locals }) => {
  requireUser(locals);
  return json(await beginPasskey(locals));
};
