import type { APIRoute } from 'astro';
import { idParam, json } from '../../../../../lib/server/http';
import { requireRole } from '../../../../../lib/server/users';
import { completeHostedOnboarding } from '../../../../../lib/server/hosting';

/** POST /api/podcasts/hosted/{id}/complete-onboarding ('View Episodes'): sets is_completed; answers the hosted podcast. */
export const POST: APIRoute = async ({ locals, params }) => {
  const user = requireRole(locals, 'PODCASTER');
  return json({ data: await completeHostedOnboarding(user, idParam(params.id)) });
};
