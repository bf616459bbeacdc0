import type { APIRoute } from 'astro';
import { json } from '~/lib/server/http';
import { requireRole } from '~/lib/server/users';
import { reconcilePayments } from '~/lib/server/payments';

/** POST /api/admin/payments/reconciliations: runs the reconciliation now and answers the run with its differences (admins). */
export const POST: APIRoute = async ({ locals }) => {
  requireRole(locals, 'ADMIN');
  const result = await reconcilePayments({ trigger: 'admin' });
  return json({ data: { ...result.reconciliation, items: result.differences } }, 201);
};
