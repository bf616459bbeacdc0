import type { APIRoute } from 'astro';
import { z } from 'zod';
import { idParam, json, parseBody } from '../../../../../lib/server/http';
import { requireRole } from '../../../../../lib/server/users';
import { reviewApplication } from '../../../../../lib/server/hosting';

/** PATCH /api/admin/hosting/applications/{id} {status: approved|rejected}: an admin's decision. */
export const PATCH: APIRoute = async ({ locals, params, request }) => {
  requireRole(locals, 'ADMIN');
  const id = idParam(params.id);
  const { status } = await parseBody(request, z.object({ status: z.enum(['approved', 'rejected'], { error: 'Choose approve or reject.' }) }));
  return json({ data: await reviewApplication(id, status) });
};
