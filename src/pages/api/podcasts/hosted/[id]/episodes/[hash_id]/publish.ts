import type { APIRoute } from 'astro';
import { idParam, json } from '../../../../../../../lib/server/http';
import { requireRole } from '../../../../../../../lib/server/users';
import { changeEpisodeStatus } from '../../../../../../../lib/server/hosting';

/** POST /api/podcasts/hosted/{id}/episodes/{hash_id}/publish: publishes the episode (or schedules it, when its date is to come); answers it. */
export const POST: APIRoute = async ({ locals, params }) => {
  const user = requireRole(locals, 'PODCASTER');
  return json({ data: await changeEpisodeStatus(user, idParam(params.id), params.hash_id ?? '', 'publish') });
};
