import type { APIRoute } from 'astro';
import { z } from 'zod';
import { idParam, json, readBody, validate } from '../../../../../lib/server/http';
import { requireRole } from '../../../../../lib/server/users';
import { setSharePercent, showAdSettings } from '../../../../../lib/server/ads';

const schema = z.object({ share_percent: z.coerce.number().int('The share is a whole percent.').min(0).max(100) });

/** PUT /api/admin/ads/shows/{podcastId} {share_percent}: the hosted podcaster's share of the show's ad revenue, as agreed (admins). */
export const PUT: APIRoute = async ({ locals, params, request }) => {
  requireRole(locals, 'ADMIN');
  const { share_percent } = validate(schema, await readBody(request));
  const podcastId = idParam(params.podcastId);
  await setSharePercent(podcastId, share_percent);
  return json({ data: await showAdSettings(podcastId) });
};
