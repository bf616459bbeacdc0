import type { APIRoute } from 'astro';
import { idParam, json, parseBody } from '~/lib/server/http';
import { requireRole } from '~/lib/server/users';
import { findOwnedPodcast } from '~/lib/server/podcasts';
import { proposalEditForm, proposalInputSchema, updateProposal } from '~/lib/server/marketplace';

/** GET /api/v0/campaign/{id}/proposal/{packageId}/edit: the wizard's data with the user's own package. */
export const GET: APIRoute = async ({ locals, params }) => {
  const user = requireRole(locals, 'PODCASTER');
  const podcastFor = async (id: number) => (await findOwnedPodcast(user.id, id)).podcast;
  return json({ data: await proposalEditForm(user.id, podcastFor, idParam(params.id), idParam(params.packageId)) });
};

/** PUT /api/v0/campaign/{id}/proposal/{packageId}/edit {description, jobs}: saves a pending proposal's changes. */
export const PUT: APIRoute = async ({ locals, params, request }) => {
  const user = requireRole(locals, 'PODCASTER');
  const input = await parseBody(request, proposalInputSchema);
  return json({ data: await updateProposal(user.id, idParam(params.id), idParam(params.packageId), input) });
};
