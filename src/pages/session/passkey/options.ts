import type { APIRoute } from 'astro';
import { json } from '../../../lib/server/http';
import { passkeySignInOptions } from '../../../lib/server/users';

/** POST /session/passkey/options: the WebAuthn request options (any passkey of this site) and the token of their challenge. */
export const POST: APIRoute = async () => json(await passkeySignInOptions());
