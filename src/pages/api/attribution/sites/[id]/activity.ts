import type { APIRoute } from 'astro';
import { idParam, json } from '../../../../../lib/server/http';
import { requireUser } from '../../../../../lib/server/users';
import { siteActivity } from '../../../../../lib/server/measurement';

/** GET /api/attribution/sites/{id}/activity: the snippet, when the site was last seen, and what was attributed. */
export const GET: APIRoute = async ({ locals, params }) => json({ data: await siteActivity(requireUser(locals).id, idParam(params.id)) });
