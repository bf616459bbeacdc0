import type { APIRoute } from 'astro';
import { json } from '../../../../lib/server/http';
import { requireUser, regenerateRecoveryCodes } from '../../../../lib/server/users';

/** POST /api/user/two-factor/recovery-codes: ten new recovery codes, shown once; the old ones stop working (step-up). */
export const POST: APIRoute = async ({ locals }) => {
  requireUser(locals);
  return json(await regenerateRecoveryCodes(locals));
};
