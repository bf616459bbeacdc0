/**
 * Coupons (issue 11 §2): admins create them (a percentage or a fixed amount off, an optional expiry
 * and maximum number of redemptions); brands check a code and apply it when funding. A redemption is
 * reserved atomically while the payment runs and given back if it fails, so a single-use code funds once.
 */
import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { getDb, type Tx } from '../db/client';
import { coupons } from '../db/schema';
import { fieldError, validate } from '../http';
import { formatMoney } from '../../format/money';
import { COUPON_INVALID, couponTermsLabel, type AdminCoupon, type CouponPayload } from '../../payments';

export type CouponRow = typeof coupons.$inferSelect;

export const checkCouponSchema = z.object({ code: z.string({ error: 'The code field is required.' }).trim().min(1, 'The code field is required.').max(64) });

export const createCouponSchema = z
  .object({
    code: z
      .string({ error: 'The code field is required.' })
      .trim()
      .min(3, 'The code must be 3 to 32 letters, digits, - or _.')
      .max(32, 'The code must be 3 to 32 letters, digits, - or _.')
      .regex(/^[A-Za-z0-9_-]+$/, 'The code must be 3 to 32 letters, digits, - or _.')
      .transform((c) => c.toUpperCase()),
    percent_off: z.coerce
      .number()
      .int('The percent off must be a whole number.')
      .min(1, 'The percent off must be 1 to 100.')
      .max(100, 'The percent off must be 1 to 100.')
      .nullish(),
    amount_off: z.coerce.number().int('The amount off is in whole cents.').min(1, 'The amount off must be at least 1 cent.').max(100_000_000).nullish(),
    description: z.string().trim().max(200, 'The description must not be greater than 200 characters.').optional(),
    expires_at: z.coerce.date({ error: 'The expires at field must be a date.' }).nullish(),
    max_redemptions: z.coerce.number().int().min(1, 'The maximum redemptions must be at least 1.').max(1_000_000).nullish(),
  })
  .superRefine((v, ctx) => {
    if ((v.percent_off ?? null) === null && (v.amount_off ?? null) === null)
      ctx.addIssue({ code: 'custom', path: ['percent_off'], message: 'Give a percent off or an amount off.' });
    if (v.percent_off && v.amount_off) ctx.addIssue({ code: 'custom', path: ['amount_off'], message: 'Give a percent off or an amount off, not both.' });
    if (v.expires_at && v.expires_at.getTime() <= Date.now())
      ctx.addIssue({ code: 'custom', path: ['expires_at'], message: 'The expiry must be in the future.' });
  });

/** A coupon as the checkout sees it. */
export function serializeCoupon(row: CouponRow): CouponPayload {
  const terms = couponTermsLabel(row, formatMoney);
  return {
    code: row.code,
    ...(row.percent_off ? { percent_off: row.percent_off } : { amount_off: row.amount_off ?? 0 }),
    description: row.description ? `${terms}: ${row.description}` : terms,
  };
}

/** The condition of a coupon that can still be used now. */
const usable = () =>
  and(
    or(isNull(coupons.expires_at), gt(coupons.expires_at, new Date())),
    or(isNull(coupons.max_redemptions), lt(coupons.times_redeemed, coupons.max_redemptions)),
  );

const byCode = (code: string) => sql`upper(${coupons.code}) = ${code.trim().toUpperCase()}`;

/** A code a brand typed, if it can be used now; otherwise the 422 'This coupon code is not valid.' */
export async function checkCoupon(body: unknown): Promise<CouponPayload> {
  const { code } = validate(checkCouponSchema, body);
  const db = await getDb();
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(byCode(code), usable()));
  if (!row) throw fieldError('code', COUPON_INVALID);
  return serializeCoupon(row);
}

/** Reserves one redemption of a code in the funding's transaction (atomic: a used-up code is refused). */
export async function reserveCoupon(tx: Tx, code: string): Promise<CouponRow> {
  const [row] = await tx
    .update(coupons)
    .set({ times_redeemed: sql`${coupons.times_redeemed} + 1` })
    .where(and(byCode(code), usable()))
    .returning();
  if (!row) throw fieldError('coupon', COUPON_INVALID);
  return row;
}

/** Counts a redemption of a known coupon (a payment that went through after all). */
export async function reserveCouponById(tx: Tx, couponId: number): Promise<void> {
  await tx
    .update(coupons)
    .set({ times_redeemed: sql`${coupons.times_redeemed} + 1` })
    .where(eq(coupons.id, couponId));
}

/** Gives back a redemption a failed funding had reserved. */
export async function releaseCoupon(tx: Tx, couponId: number): Promise<void> {
  await tx
    .update(coupons)
    .set({ times_redeemed: sql`greatest(${coupons.times_redeemed} - 1, 0)` })
    .where(eq(coupons.id, couponId));
}

/** Creates a coupon (admins only; the page and the seed both come here). */
export async function createCoupon(adminUserId: number | null, body: unknown): Promise<CouponRow> {
  const input = validate(createCouponSchema, body);
  const db = await getDb();
  const [row] = await db
    .insert(coupons)
    .values({
      code: input.code,
      percent_off: input.percent_off ?? null,
      amount_off: input.percent_off ? null : (input.amount_off ?? null),
      description: input.description ?? '',
      expires_at: input.expires_at ?? null,
      max_redemptions: input.max_redemptions ?? null,
      created_by: adminUserId,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw fieldError('code', 'A coupon with this code already exists.');
  return row;
}

/** Every coupon, newest first, for the admin page. */
export async function listCoupons(): Promise<AdminCoupon[]> {
  const db = await getDb();
  const rows = await db.select().from(coupons).orderBy(desc(coupons.created_at), desc(coupons.id));
  const now = Date.now();
  return rows.map((r) => ({
    ...serializeCoupon(r),
    id: r.id,
    expires_at: r.expires_at?.toISOString() ?? null,
    max_redemptions: r.max_redemptions,
    times_redeemed: r.times_redeemed,
    is_usable: (!r.expires_at || r.expires_at.getTime() > now) && (r.max_redemptions === null || r.times_redeemed < r.max_redemptions),
    created_at: r.created_at.toISOString(),
  }));
}
