import type { APIRoute } from 'astro';
import { json } from '../../lib/server/http';
import { requireUser } from '../../lib/server/users';
import { initializePayload } from '../../lib/server/shell';

/** GET /api/initialize: everything the browser needs after sign-in. */
export const GET: APIRoute = async ({ locals }) => json({ data: await initializePayload(requireUser(locals)) });
