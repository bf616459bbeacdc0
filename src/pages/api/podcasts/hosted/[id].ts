import type { APIRoute } from 'astro';
import { idParam, json, parseBody } from '../../../../lib/server/http';
import { requireRole } from '../../../../lib/server/users';
import { hostedPatchSchema, updateHosted } from '../../../../lib/server/hosting';

/** PATCH /api/podcasts/hosted/{id} {payouts_skipped?, redirect_provider?, platforms?, moved_to?}: onboarding choices, listings, leaving; answers the hosted podcast. */
export const PATCH: APIRoute = async ({ locals, params, request }) => {
  const user = requireRole(locals, 'PODCASTER');
  const id = idParam(params.id);
  const body = await parseBody(request, hostedPatchSchema);
  return json({ data: await updateHosted(user, id, body) });
};
