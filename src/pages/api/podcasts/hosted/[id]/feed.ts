import type { APIRoute } from 'astro';
import { idParam, json, parseBody } from '../../../../../lib/server/http';
import { requireRole } from '../../../../../lib/server/users';
import { feedSettingsSchema, updateFeedSettings } from '../../../../../lib/server/hosting';

/** POST /api/podcasts/hosted/{id}/feed {title?, description?, author?, owner_email?, language?, explicit?, copyright?}: feed settings. */
export const POST: APIRoute = async ({ locals, params, request }) => {
  const user = requireRole(locals, 'PODCASTER');
  const id = idParam(params.id);
  const body = await parseBody(request, feedSettingsSchema);
  return json({ data: await updateFeedSettings(user, id, body) });
};
