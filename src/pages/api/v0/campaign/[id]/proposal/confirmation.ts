import type { APIRoute } from 'astro';
import { z } from 'zod';
import { idParam, json, parseQuery } from '~/lib/server/http';
import { requireRole } from '~/lib/server/users';
import { findOwnedPodcast } from '~/lib/server/podcasts';
import { proposalConfirmation } from '~/lib/server/marketplace';

const query = z.object({ package_id: z.coerce.number().int().positive().optional() });

/** GET /api/v0/campaign/{id}/proposal/confirmation?package_id=: the campaign and the user's (latest) proposal for it. */
export const GET: APIRoute = async ({ locals, params, url }) => {
  const user = requireRole(locals, 'PODCASTER');
  const { package_id } = parseQuery(url, query);
  const podcastFor = async (id: number) => (await findOwnedPodcast(user.id, id)).podcast;
  return json({ data: await proposalConfirmation(user.id, podcastFor, idParam(params.id), package_id ?? null) });
};
