import type { APIRoute } from 'astro';
import { z } from 'zod';
import { json, parseBody } from '../../../lib/server/http';
import { secondStepPasskeyOptions } from '../../../lib/server/users';

/** POST /session/two-factor/options {mfa_token}: the WebAuthn request options for answering the second step with a passkey. */
export const POST: APIRoute = async ({ request }) => {
  const { mfa_token } = await parseBody(request, z.object({ mfa_token: z.string().min(1).max(100) }));
  return json({ options: await secondStepPasskeyOptions(mfa_token) });
};
