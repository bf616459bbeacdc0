import type { APIRoute } from 'astro';
import { idParam, json } from '~/lib/server/http';
import { requireUser } from '~/lib/server/users';
import { workroomDeliveryJobs } from '~/lib/server/delivery';

/** GET /api/discussions/{id}/jobs: the delivery panel of a package workroom (each hired job's air date, review and proof of airing). */
export const GET: APIRoute = async ({ locals, params }) => json({ data: await workroomDeliveryJobs(requireUser(locals), idParam(params.id)) });
