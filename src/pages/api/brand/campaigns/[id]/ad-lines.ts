import type { APIRoute } from 'astro';
import { idParam, json, readBody } from '../../../../../lib/server/http';
import { requireRole } from '../../../../../lib/server/users';
import { createAdLine, listAdLines } from '../../../../../lib/server/ads';

/** GET /api/brand/campaigns/{id}/ad-lines: the campaign's automated lines. */
export const GET: APIRoute = async ({ locals, params }) => json({ data: await listAdLines(requireRole(locals, 'BRAND').id, idParam(params.id)) });

/**
 * POST /api/brand/campaigns/{id}/ad-lines {title, spot_file_id, cpm, budget, starts_on, ends_on, frequency_cap,
 * categories, countries, devices, positions, ad_category_id?, card_id}: adds an automated line and charges its budget.
 */
export const POST: APIRoute = async ({ locals, params, request }) =>
  json({ data: await createAdLine(requireRole(locals, 'BRAND').id, idParam(params.id), await readBody(request)) }, 201);
