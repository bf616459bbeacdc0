import type { APIRoute } from 'astro';
import { z } from 'zod';
import { json, parseQuery } from '~/lib/server/http';
import { requireRole } from '~/lib/server/users';
import { listDiscrepancies } from '~/lib/server/payments';

/** GET /api/admin/payments/discrepancies?status=open|resolved|all&reconciliation=: what providers said that did not match, and the reconciliations' differences (admins). */
export const GET: APIRoute = async ({ locals, url }) => {
  requireRole(locals, 'ADMIN');
  const q = parseQuery(
    url,
    z.object({ status: z.enum(['open', 'resolved', 'all']).optional(), reconciliation: z.coerce.number().int().positive().optional() }),
  );
  return json({ data: await listDiscrepancies({ status: q.status, reconciliationId: q.reconciliation }) });
};
