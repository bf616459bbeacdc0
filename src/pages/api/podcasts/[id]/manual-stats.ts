import type { APIRoute } from 'astro';
import { idParam, json, readBody } from '~/lib/server/http';
import { requireRole } from '~/lib/server/users';
import { currentManualStats, deleteManualStats, readManualStatsInput, submitManualStats } from '~/lib/server/measurement';
import { findOwnedPodcast } from '~/lib/server/podcasts';

/** GET /api/podcasts/{id}/manual-stats: the submission that describes the podcast now (newest, not expired) or null. */
export const GET: APIRoute = async ({ locals, params }) => {
  const user = requireRole(locals, 'PODCASTER');
  return json({ data: await currentManualStats(user.id, idParam(params.id)) });
};

/** POST /api/podcasts/{id}/manual-stats: JSON `{listens, file_id}` or multipart `listens` + `file`; answers 201 with the pending submission. */
export const POST: APIRoute = async ({ locals, params, request }) => {
  const user = requireRole(locals, 'PODCASTER');
  const id = idParam(params.id);
  await findOwnedPodcast(user.id, id);
  const input = readManualStatsInput(await readBody(request));
  return json({ data: await submitManualStats(user.id, id, input) }, 201);
};

/** DELETE /api/podcasts/{id}/manual-stats[?id=]: removes the newest (or the given) submission that is not verified. */
export const DELETE: APIRoute = async ({ locals, params, url }) => {
  const user = requireRole(locals, 'PODCASTER');
  const id = idParam(params.id);
  const which = url.searchParams.get('id');
  await deleteManualStats(user.id, id, which === null ? null : idParam(which));
  return json(null, 204);
};
