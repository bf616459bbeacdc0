import type { APIRoute } from 'astro';
import { json } from '../../../../../lib/server/http';
import { requireUser, stepUpPasskeyOptions } from '../../../../../lib/server/users';

/** POST /api/user/two-factor/step-up/options: WebAuthn request options for a step-up with a passkey, and the token of their challenge. */
export const POST: APIRoute = async ({ locals }) => json(await stepUpPasskeyOptions(requireUser(locals)));
