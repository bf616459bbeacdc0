import type { APIRoute } from 'astro';
import { json, readBody } from '../../../../lib/server/http';
import { requireRole } from '../../../../lib/server/users';
import { createBackCatalogueLine } from '../../../../lib/server/ads';

/**
 * POST /api/brand/ad-lines/back-catalogue {deliverable_id, cpm, budget, starts_on, ends_on, frequency_cap, positions, card_id}:
 * inserts an approved host-read ad into the back catalogue of the show that read it (an automated line on its campaign).
 */
export const POST: APIRoute = async ({ locals, request }) =>
  json({ data: await createBackCatalogueLine(requireRole(locals, 'BRAND').id, await readBody(request)) }, 201);
