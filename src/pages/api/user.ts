import type { APIRoute } from 'astro';
import { json, parseBody } from '../../lib/server/http';
import { requireUser, deleteAccount, deleteAccountSchema, serializeUser } from '../../lib/server/users';
import { closeBrandCampaigns } from '../../lib/server/campaigns';

/** GET /api/user: the signed-in user. */
export const GET: APIRoute = ({ locals }) => json({ data: serializeUser(requireUser(locals)) });

/** DELETE /api/user {password, confirmation: 'DELETE'}: deletes the signed-in account and ends every session. */
export const DELETE: APIRoute = async ({ locals, request }) => {
  const user = requireUser(locals);
  await deleteAccount(user.id, await parseBody(request, deleteAccountSchema), closeBrandCampaigns);
  return json(null, 204);
};
