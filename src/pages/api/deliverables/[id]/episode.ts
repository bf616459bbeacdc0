import type { APIRoute } from 'astro';
import { idParam, json, readBody } from '~/lib/server/http';
import { requireRole } from '~/lib/server/users';
import { linkEpisode, serializeAirCheck } from '~/lib/server/delivery';

/** POST /api/deliverables/{id}/episode {episode_id} | {url}: the podcaster links the episode the approved ad aired in; Cuepoint listens for it (202). */
export const POST: APIRoute = async ({ locals, params, request }) => {
  const user = requireRole(locals, 'PODCASTER');
  return json({ data: serializeAirCheck(await linkEpisode(user, idParam(params.id), await readBody(request))) }, 202);
};
