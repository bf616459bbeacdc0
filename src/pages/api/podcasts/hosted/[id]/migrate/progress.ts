import type { APIRoute } from 'astro';
import { idParam, json } from '../../../../../../lib/server/http';
import { requireRole } from '../../../../../../lib/server/users';
import { migrationProgress } from '../../../../../../lib/server/hosting';

/** GET /api/podcasts/hosted/{id}/migrate/progress: {data: {percent, migration_status}}. */
export const GET: APIRoute = async ({ locals, params }) => {
  const user = requireRole(locals, 'PODCASTER');
  return json({ data: await migrationProgress(user, idParam(params.id)) });
};
