import type { APIRoute } from 'astro';
import { z } from 'zod';
import { json, parseQuery } from '../../../lib/server/http';
import { requireRole } from '../../../lib/server/users';
import { feedQuery, listBrandPackages } from '../../../lib/server/marketplace';

/** GET /api/v0/packages: the brand's proposals across campaigns (campaign_id, tab, page). */
export const GET: APIRoute = async ({ locals, url }) => {
  const user = requireRole(locals, 'BRAND');
  const query = parseQuery(url, feedQuery.extend({ campaign_id: z.coerce.number().int().positive().optional(), ajax: z.string().max(10).optional() }));
  return json(await listBrandPackages(user.id, query));
};
