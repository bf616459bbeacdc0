import type { APIRoute } from 'astro';
import { idParam, json } from '../../../../../lib/server/http';
import { requireUser } from '../../../../../lib/server/users';
import { resumeSite } from '../../../../../lib/server/measurement';

/** PATCH /api/attribution/sites/{id}/resume. */
export const PATCH: APIRoute = async ({ locals, params }) => json({ data: await resumeSite(requireUser(locals).id, idParam(params.id)) });
