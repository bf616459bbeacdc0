import type { APIRoute } from 'astro';
import { z } from 'zod';
import { idParam, json, parseBody, parseQuery } from '~/lib/server/http';
import { requireRole } from '~/lib/server/users';
import { proposalCreateForm, createProposal, proposalInputSchema } from '~/lib/server/marketplace';
import { resolvePodcast } from '~/lib/server/podcasts';

const query = z.object({ podcast_id: z.coerce.number().int().positive().optional() });

/** GET /api/v0/campaign/{id}/proposal/create?podcast_id=: the wizard's data (campaign, ads, calendar, any live package). */
export const GET: APIRoute = async ({ locals, params, url, cookies }) => {
  const user = requireRole(locals, 'PODCASTER');
  const podcast = await resolvePodcast(user.id, parseQuery(url, query).podcast_id, cookies);
  return json({ data: await proposalCreateForm(podcast, idParam(params.id)) });
};

/** POST /api/v0/campaign/{id}/proposal/create {podcast_id?, description, jobs:[{campaign_ad_id, fee, episodes, dates}]}: sends the proposal. */
export const POST: APIRoute = async ({ locals, params, request, cookies }) => {
  const user = requireRole(locals, 'PODCASTER');
  const campaignId = idParam(params.id);
  const input = await parseBody(request, proposalInputSchema);
  const podcast = await resolvePodcast(user.id, input.podcast_id, cookies);
  return json({ data: await createProposal(user.id, campaignId, input, podcast) }, 201);
};
