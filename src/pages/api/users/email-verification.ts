import type { APIRoute } from 'astro';
import { z } from 'zod';
import { json, parseBody } from '../../../lib/server/http';
import { requireUser, sendVerification, verifyWithCode } from '../../../lib/server/users';

/** GET: is the signed-in user's email verified? */
export const GET: APIRoute = ({ locals }) => {
  const user = requireUser(locals);
  return json({
    data: { email: user.row.email, verified: !!user.row.email_verified_at, email_verified_at: user.row.email_verified_at?.toISOString() ?? null },
  });
};

/** POST with email: (re)sends the 6-digit code, to a corrected address if one is given. */
export const POST: APIRoute = async ({ locals, request }) => {
  const user = requireUser(locals);
  const { email } = await parseBody(request, z.object({ email: z.string().trim().toLowerCase().max(255).pipe(z.email()).optional() }));
  const sent = await sendVerification(user.id, email);
  return json({ message: `We sent a new code to ${sent.email}.`, data: { email: sent.email } });
};

/** PATCH with code: verifies the email. */
export const PATCH: APIRoute = async ({ locals, request }) => {
  const user = requireUser(locals);
  const { code } = await parseBody(
    request,
    z.object({
      code: z
        .string()
        .trim()
        .regex(/^\d{6}$/, 'The code must be the 6 digits from the email.'),
    }),
  );
  await verifyWithCode(user.id, code);
  return json({ message: 'Your email address is verified.', data: { verified: true } });
};
