import type { APIRoute } from 'astro';
import { json, readBody } from '../../../lib/server/http';
import { requireRole } from '../../../lib/server/users';
import { adminCoupon, createCoupon, listCoupons } from '../../../lib/server/payments';

/** GET /api/admin/coupons: every coupon with its rules and uses (admins). */
export const GET: APIRoute = async ({ locals }) => {
  requireRole(locals, 'ADMIN');
  return json({ data: await listCoupons() });
};

/** POST /api/admin/coupons {code, percent_off | amount_off, expires_at?, max_redemptions?, max_per_brand?, first_hire_only?}: 201 (403 for anyone but an admin). */
export const POST: APIRoute = async ({ locals, request }) => {
  const admin = requireRole(locals, 'ADMIN');
  const row = await createCoupon(admin.id, await readBody(request));
  return json({ data: adminCoupon(row, 0) }, 201);
};
