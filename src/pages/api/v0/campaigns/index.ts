import type { APIRoute } from 'astro';
import { json, parseQuery } from '../../../../lib/server/http';
import { requireRole } from '../../../../lib/server/users';
import { v0Campaigns, v0Query } from '../../../../lib/server/campaigns';

/** GET /api/v0/campaigns (ajax, podcast_id): campaigns the user may see. */
export const GET: APIRoute = async ({ locals, url }) => json(await v0Campaigns(requireRole(locals, 'BRAND', 'PODCASTER'), parseQuery(url, v0Query)));
