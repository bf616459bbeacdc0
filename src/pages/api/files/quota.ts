import type { APIRoute } from 'astro';
import { json } from '../../../lib/server/http';
import { requireUser } from '../../../lib/server/users';
import { storageUsage } from '../../../lib/server/files';

/** GET /api/files/quota: `{data: {used, quota}}` in bytes, what the user's files take up and what they may. */
export const GET: APIRoute = async ({ locals }) => json({ data: await storageUsage(requireUser(locals).id) });
