import type { APIRoute } from 'astro';
import { json, parseBody } from '~/lib/server/http';
import { requireRole } from '~/lib/server/users';
import { completeOnboarding, completeOnboardingSchema } from '~/lib/server/podcasts';

/** POST /api/onboarding/complete {first_name, last_name, country?}: completes the podcaster profile (needs one podcast). */
export const POST: APIRoute = async ({ locals, request }) => {
  const user = requireRole(locals, 'PODCASTER');
  await completeOnboarding(user.id, await parseBody(request, completeOnboardingSchema));
  return json({ data: { is_completed: true } });
};
