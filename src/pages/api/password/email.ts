import type { APIRoute } from 'astro';
import { json, parseBody } from '../../../lib/server/http';
import { clientAddress, PASSWORD_LINK_SENT, passwordEmailSchema, requestPasswordReset } from '../../../lib/server/users';

/** POST /api/password/email: mails a reset link; the answer does not say whether the address exists. */
export const POST: APIRoute = async ({ request, clientAddress: address }) => {
  const { email } = await parseBody(request, passwordEmailSchema);
  await requestPasswordReset(
    email,
    clientAddress(request, () => address),
  );
  return json({ message: PASSWORD_LINK_SENT });
};
