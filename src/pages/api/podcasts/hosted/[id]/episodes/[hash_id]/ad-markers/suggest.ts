import type { APIRoute } from 'astro';
import { idParam, json } from '../../../../../../../../lib/server/http';
import { requireRole } from '../../../../../../../../lib/server/session/guards';
import { findOwnedHosted } from '../../../../../../../../lib/server/hosting/owned-hosted';
import { suggestOwnMarkers } from '../../../../../../../../lib/server/ads/ad-markers';

/** POST /api/podcasts/hosted/{id}/episodes/{hash_id}/ad-markers/suggest: suggests mid-rolls from the episode's silences (unconfirmed). */
export const POST: APIRoute = async ({ locals, params }) => {
  const user = requireRole(locals, 'PODCASTER');
  await findOwnedHosted(user.id, idParam(params.id));
  return json({ data: await suggestOwnMarkers(user.id, params.hash_id ?? '') });
};
