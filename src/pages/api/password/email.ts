import type { APIRoute } from 'astro';
import { z } from 'zod';
import { json, parseBody } from '../../../lib/server/http';
import { clientAddress } from '../../../lib/server/session/guards';
import { requestPasswordReset } from '../../../lib/server/users/password-reset';

/** POST /api/password/email: mails a reset link; the answer does not say whether the address exists. */
export const POST: APIRoute = async ({ request, clientAddress: address }) => {
  const { email } = await parseBody(request, z.object({ email: z.string().trim().toLowerCase().max(255).pipe(z.email()) }));
  await requestPasswordReset(
    email,
    clientAddress(request, () => address),
  );
  return json({ message: 'If an account uses that address, we have emailed it a password reset link.' });
};
