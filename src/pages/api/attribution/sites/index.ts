import type { APIRoute } from 'astro';
import { json, readBody } from '../../../../lib/server/http';
import { requireUser } from '../../../../lib/server/users';
import { createSite, listSites } from '../../../../lib/server/measurement';

/** GET /api/attribution/sites: the user's sites. */
export const GET: APIRoute = async ({ locals }) => json({ data: await listSites(requireUser(locals).id) });

/** POST /api/attribution/sites: adds a site (domain). */
export const POST: APIRoute = async ({ locals, request }) => {
  const user = requireUser(locals);
  return json({ data: await createSite(user.id, await readBody(request)) }, 201);
};
