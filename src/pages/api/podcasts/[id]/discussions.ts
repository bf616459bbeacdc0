import type { APIRoute } from 'astro';
import { z } from 'zod';
import { forbidden, idParam, json, validate } from '../../../../lib/server/http';
import { requireRole } from '../../../../lib/server/users';
import { discussionPayload, readMessageInput, brandPodcastDiscussion, podcastDiscussionIds, postMessage } from '../../../../lib/server/workrooms';

/** GET /api/podcasts/{id}/discussions: the podcast's workrooms the user belongs to. */
export const GET: APIRoute = async ({ locals, params }) => {
  const user = requireRole(locals, 'BRAND', 'PODCASTER');
  const ids = await podcastDiscussionIds(user, idParam(params.id));
  return json({ data: await Promise.all(ids.map((id) => discussionPayload(user.id, id))) });
};

const campaignQuery = z.object({ campaign_id: z.coerce.number().int().positive().optional() });

/** POST /api/podcasts/{id}/discussions: a brand writes to a podcast directly ({content, campaign_id?}); answers the message and its workroom link. */
export const POST: APIRoute = async ({ locals, params, request, url }) => {
  const user = requireRole(locals, 'BRAND', 'PODCASTER');
  if (user.type !== 'BRAND') throw forbidden('Podcasters answer brands in the workroom the brand opened.');
  const podcastId = idParam(params.id);
  const input = await readMessageInput(request);
  const { campaign_id } = validate(campaignQuery, { campaign_id: url.searchParams.get('campaign_id') ?? undefined });
  const discussion = await brandPodcastDiscussion(user, podcastId, campaign_id);
  const message = await postMessage(user, discussion.id, input);
  return json({ data: { ...message, link: `/workrooms/${discussion.type}/${discussion.id}` } }, 201);
};
