import type { APIRoute } from 'astro';
import { json, parseBody } from '~/lib/server/http';
import { requireUser, requireRecentSecondFactor, cancelEmailChange, emailChangeSchema, pendingEmailChange, requestEmailChange } from '~/lib/server/users';

/** GET /api/user/email: the address waiting to be confirmed, if any. */
export const GET: APIRoute = async ({ locals }) => json({ data: { pending_email: await pendingEmailChange(requireUser(locals).id) } });

/**
 * POST /api/user/email {email, current_password}: mails a code and link to the new address; it replaces
 * the old one once confirmed with PATCH /api/users/email-verification {code} or the link.
 */
export const POST: APIRoute = async ({ locals, request }) => {
  const user = requireUser(locals);
  await requireRecentSecondFactor(locals);
  const input = await parseBody(request, emailChangeSchema);
  const pending = await requestEmailChange(user.id, input);
  return json({
    message: pending ? `We sent a code to ${pending.email}. Enter it to confirm the change.` : `We sent a code to ${input.email}.`,
    data: { pending_email: pending },
  });
};

/** DELETE /api/user/email: cancels a pending email change. */
export const DELETE: APIRoute = async ({ locals }) => {
  await cancelEmailChange(requireUser(locals).id);
  return json(null, 204);
};
