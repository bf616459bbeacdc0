import type { APIRoute } from 'astro';
import { json } from '../../../../../lib/server/http';
import { requireUser } from '../../../../../lib/server/session/guards';
import { stepUpPasskeyOptions } from '../../../../../lib/server/auth/step-up';

/** POST /api/user/two-factor/step-up/options: WebAuthn request options for a step-up with a passkey, and the token of their challenge. */
export const POST: APIRoute = async ({ locals }) => json(await stepUpPasskeyOptions(requireUser(locals)));
