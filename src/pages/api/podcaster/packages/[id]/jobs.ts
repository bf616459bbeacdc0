import type { APIRoute } from 'astro';
import { idParam, json } from '~/lib/server/http';
import { requireRole } from '~/lib/server/users';
import { listPackageJobs } from '~/lib/server/marketplace';

/** GET /api/podcaster/packages/{id}/jobs: the jobs of the user's own package. */
export const GET: APIRoute = async ({ locals, params }) => {
  const user = requireRole(locals, 'PODCASTER');
  return json({ data: await listPackageJobs(user.id, idParam(params.id)) });
};
