import type { APIRoute } from 'astro';
import { z } from 'zod';
import { idParam, json, readBody, validate } from '../../../../lib/server/http';
import { requireRole } from '../../../../lib/server/users';
import { setAdLineStatus } from '../../../../lib/server/ads';

const schema = z.object({ status: z.enum(['active', 'paused']) });

/** PATCH /api/brand/ad-lines/{id} {status}: pauses or resumes an automated line. */
export const PATCH: APIRoute = async ({ locals, params, request }) => {
  const { status } = validate(schema, await readBody(request));
  return json({ data: await setAdLineStatus(requireRole(locals, 'BRAND').id, idParam(params.id), status) });
};
