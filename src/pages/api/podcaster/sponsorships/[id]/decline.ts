import type { APIRoute } from 'astro';
import { z } from 'zod';
import { idParam, json, readBody, validate } from '~/lib/server/http';
import { requireRole } from '~/lib/server/users';
import { declineSponsorship } from '~/lib/server/marketplace';
import { resolvePodcast } from '~/lib/server/podcasts';

const body = z.object({ podcast_id: z.number().int().positive().optional() });

/** PUT /api/podcaster/sponsorships/{campaignId}/decline {podcast_id?}: not interested: moves the sponsorship to declined (again: back to the list). */
export const PUT: APIRoute = async ({ locals, params, request, cookies }) => {
  const user = requireRole(locals, 'PODCASTER');
  const campaignId = idParam(params.id);
  const { podcast_id } = validate(body, await readBody(request));
  const podcast = await resolvePodcast(user.id, podcast_id, cookies);
  return json({ data: await declineSponsorship(podcast, campaignId) });
};
