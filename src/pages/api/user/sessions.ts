import type { APIRoute } from 'astro';
import { json } from '~/lib/server/http';
import { requireUser, listSessions, signOutOtherSessions } from '~/lib/server/users';

/** GET /api/user/sessions: where the user is signed in (device, address, last used), this session first. */
export const GET: APIRoute = async ({ locals }) => json({ data: await listSessions(requireUser(locals).id, locals.accessToken) });

/** DELETE /api/user/sessions: signs out every other session. */
export const DELETE: APIRoute = async ({ locals }) => {
  const signedOut = await signOutOtherSessions(requireUser(locals).id, locals.accessToken);
  return json({ data: { signed_out: signedOut } });
};
