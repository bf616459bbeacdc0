import type { APIRoute } from 'astro';
import { json } from '../../lib/server/http';
import { requireUser } from '../../lib/server/users';
import { discussionCampaigns } from '../../lib/server/campaigns';

/** GET /api/discussions-campaigns: campaigns the user has workrooms in. */
export const GET: APIRoute = async ({ locals }) => json({ data: await discussionCampaigns(requireUser(locals).id) });
