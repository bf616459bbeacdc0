import type { APIRoute } from 'astro';
import { idParam, json } from '../../../../../lib/server/http';
import { requireRole } from '../../../../../lib/server/users';
import { setPackageStarred } from '../../../../../lib/server/marketplace';

/** POST /api/brand/packages/{id}/starred: stars a proposal. */
export const POST: APIRoute = async ({ locals, params }) => json({ data: await setPackageStarred(requireRole(locals, 'BRAND').id, idParam(params.id), true) });

/** DELETE /api/brand/packages/{id}/starred: unstars it. */
export const DELETE: APIRoute = async ({ locals, params }) =>
  json({ data: await setPackageStarred(requireRole(locals, 'BRAND').id, idParam(params.id), false) });
