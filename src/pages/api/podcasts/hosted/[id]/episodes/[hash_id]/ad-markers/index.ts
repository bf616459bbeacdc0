import type { APIRoute } from 'astro';
import { idParam, json, readBody } from '../../../../../../../../lib/server/http';
import { requireRole } from '../../../../../../../../lib/server/users';
import { findOwnedHosted } from '../../../../../../../../lib/server/hosting';
import { episodeMarkers, saveMarkers } from '../../../../../../../../lib/server/ads';

/** GET /api/podcasts/hosted/{id}/episodes/{hash_id}/ad-markers: the episode's ad positions, length and waveform. */
export const GET: APIRoute = async ({ locals, params }) => {
  const user = requireRole(locals, 'PODCASTER');
  await findOwnedHosted(user.id, idParam(params.id));
  return json({ data: await episodeMarkers(user.id, params.hash_id ?? '') });
};

/** PUT /api/podcasts/hosted/{id}/episodes/{hash_id}/ad-markers {mid_rolls: [{position_ms, confirmed}]}: saves the mid-rolls. */
export const PUT: APIRoute = async ({ locals, params, request }) => {
  const user = requireRole(locals, 'PODCASTER');
  await findOwnedHosted(user.id, idParam(params.id));
  return json({ data: await saveMarkers(user.id, params.hash_id ?? '', await readBody(request)) });
};
