import type { APIRoute } from 'astro';
import { idParam, json } from '../../../../../lib/server/http';
import { requireRole } from '../../../../../lib/server/users';
import { declineProposalItem } from '../../../../../lib/server/marketplace';

/** POST /api/brand/proposal-items/{id}/declined: declines one job of a proposal. */
export const POST: APIRoute = async ({ locals, params }) => json({ data: await declineProposalItem(requireRole(locals, 'BRAND').id, idParam(params.id)) });
