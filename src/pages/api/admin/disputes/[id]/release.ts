import type { APIRoute } from 'astro';
import { idParam, json, readBody } from '~/lib/server/http';
import { requireRole } from '~/lib/server/users';
import { resolveDispute, serializeDispute } from '~/lib/server/delivery';

/** POST /api/admin/disputes/{id}/release {note?}: the admin releases the job's fee to the podcaster (the job completes); both sides are told. */
export const POST: APIRoute = async ({ locals, params, request }) => {
  const admin = requireRole(locals, 'ADMIN');
  return json({ data: serializeDispute(await resolveDispute(admin, idParam(params.id), 'release', await readBody(request))) });
};
