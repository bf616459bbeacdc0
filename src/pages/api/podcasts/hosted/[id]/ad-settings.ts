import type { APIRoute } from 'astro';
import { idParam, json, readBody } from '../../../../../lib/server/http';
import { requireRole } from '../../../../../lib/server/users';
import { findOwnedHosted } from '../../../../../lib/server/hosting';
import { saveExclusions, showAdSettings, showAdReport } from '../../../../../lib/server/ads';

/** GET /api/podcasts/hosted/{id}/ad-settings: excluded ad categories, the podcaster's share, impressions and revenue by month. */
export const GET: APIRoute = async ({ locals, params }) => {
  const { podcast } = await findOwnedHosted(requireRole(locals, 'PODCASTER').id, idParam(params.id));
  return json({ data: { ...(await showAdSettings(podcast.id)), report: await showAdReport(podcast.id) } });
};

/** PUT /api/podcasts/hosted/{id}/ad-settings {excluded_category_ids}: the ad categories never inserted in this show. */
export const PUT: APIRoute = async ({ locals, params, request }) => {
  const user = requireRole(locals, 'PODCASTER');
  const { podcast } = await findOwnedHosted(user.id, idParam(params.id));
  return json({ data: await saveExclusions(user.id, podcast.id, await readBody(request)) });
};
