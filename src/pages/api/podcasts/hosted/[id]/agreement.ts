import type { APIRoute } from 'astro';
import { idParam, json } from '../../../../../lib/server/http';
import { clientAddress, requireRole } from '../../../../../lib/server/users';
import { acceptAgreement } from '../../../../../lib/server/hosting';

/** POST /api/podcasts/hosted/{id}/agreement ('I Accept and Agree'): records the electronic signature; answers {data: {version, accepted_at}}. */
export const POST: APIRoute = async ({ locals, params, request, clientAddress: addr }) => {
  const user = requireRole(locals, 'PODCASTER');
  const ip = clientAddress(request, () => addr);
  return json({ data: await acceptAgreement(user, idParam(params.id), { ip, userAgent: request.headers.get('user-agent') }) }, 201);
};
