import type { APIRoute } from 'astro';
import { idParam, json } from '../../../../../../../../lib/server/http';
import { requireRole } from '../../../../../../../../lib/server/users';
import { findOwnedHosted } from '../../../../../../../../lib/server/hosting';
import { suggestOwnMarkers } from '../../../../../../../../lib/server/ads';

/** POST /api/podcasts/hosted/{id}/episodes/{hash_id}/ad-markers/suggest: suggests mid-rolls from the episode's silences (unconfirmed). */
export const POST: APIRoute = async ({ locals, params }) => {
  const user = requireRole(locals, 'PODCASTER');
  await findOwnedHosted(user.id, idParam(params.id));
  return json({ data: await suggestOwnMarkers(user.id, params.hash_id ?? '') });
};
