/**
 * Coupons (issue 11 §2, issue 33): admins create them (a percentage or a fixed amount off) with their
 * rules: an expiry, a total number of uses, uses per brand, first hire only. A brand checks a code
 * (POST /api/coupons/check answers why one does not apply to them) and applies it when funding, where
 * the rules are enforced with the coupon row locked: a use is reserved in the funding's first
 * transaction, redeemed when the payment goes through and released when it fails, so two fundings
 * racing for the last use cannot both have it. An expiry is an instant, read on the real clock.
 */
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { getDb, type Db, type Tx, qualified, couponRedemptions, coupons, fundAttempts, jobFunds } from '../db';
import { fieldError, validate } from '../http';
import { formatMoney } from '../../format/money';
import { formatDate } from '../../format/dates';
import { COUPON_INVALID, couponTermsLabel, type AdminCoupon, type CouponPayload } from '../../payments';

export type CouponRow = typeof coupons.$inferSelect;

export const checkCouponSchema = z.object({ code: z.string({ error: 'The code field is required.' }).trim().min(1, 'The code field is required.').max(64) });

const positiveCount = (label: string) =>
  z.coerce
    .number()
    .int(`The ${label} must be a whole number.`)
    .min(1, `The ${label} must be at least 1.`)
    .max(1_000_000, `The ${label} is too large.`)
    .nullish();

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
    max_redemptions: positiveCount('total number of uses'),
    max_per_brand: positiveCount('number of uses per brand'),
    first_hire_only: z.preprocess((v) => (v === 'true' || v === '1' || v === 'on' ? true : v === 'false' || v === '0' ? false : v), z.boolean().optional()),
  })
  .superRefine((v, ctx) => {
    if ((v.percent_off ?? null) === null && (v.amount_off ?? null) === null)
      ctx.addIssue({ code: 'custom', path: ['percent_off'], message: 'Give a percent off or an amount off.' });
    if (v.percent_off && v.amount_off) ctx.addIssue({ code: 'custom', path: ['amount_off'], message: 'Give a percent off or an amount off, not both.' });
    if (v.expires_at && v.expires_at.getTime() <= Date.now())
      ctx.addIssue({ code: 'custom', path: ['expires_at'], message: 'The expiry must be in the future.' });
    if (v.max_redemptions && v.max_per_brand && v.max_per_brand > v.max_redemptions)
      ctx.addIssue({ code: 'custom', path: ['max_per_brand'], message: 'The uses per brand cannot be more than the total number of uses.' });
  });

/** The rules of a coupon in words, for the checkout and the admin list: "Once per brand · first hire only · until 12/31/2026". */
export function couponRulesLabel(row: Pick<CouponRow, 'expires_at' | 'max_redemptions' | 'max_per_brand' | 'first_hire_only'>): string {
  const parts: string[] = [];
  if (row.first_hire_only) parts.push('first hire only');
  if (row.max_per_brand) parts.push(row.max_per_brand === 1 ? 'once per brand' : `${row.max_per_brand} uses per brand`);
  if (row.max_redemptions) parts.push(`${row.max_redemptions} use${row.max_redemptions === 1 ? '' : 's'} in all`);
  if (row.expires_at) parts.push(`until ${formatDate(row.expires_at)}`);
  const text = parts.join(' · ');
  return text ? text[0]!.toUpperCase() + text.slice(1) : '';
}

/** A coupon as the checkout sees it. */
export function serializeCoupon(row: CouponRow): CouponPayload {
  const terms = couponTermsLabel(row, formatMoney);
  return {
    code: row.code,
    ...(row.percent_off ? { percent_off: row.percent_off } : { amount_off: row.amount_off ?? 0 }),
    description: row.description ? `${terms}: ${row.description}` : terms,
    rules: couponRulesLabel(row),
  };
}

const byCode = (code: string) => sql`upper(${coupons.code}) = ${code.trim().toUpperCase()}`;
const active = inArray(couponRedemptions.status, ['reserved', 'redeemed']);

/** Uses of a coupon in all and by one brand (reserved or redeemed), read in the caller's transaction. */
async function usesOf(db: Db | Tx, couponId: number, brandUserId: number, exceptAttempt?: number): Promise<{ total: number; brand: number }> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      brand: sql<number>`(count(*) filter (where ${couponRedemptions.brand_user_id} = ${brandUserId}))::int`,
    })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.coupon_id, couponId), active, exceptAttempt ? ne(couponRedemptions.attempt_id, exceptAttempt) : undefined));
  return { total: Number(row?.total ?? 0), brand: Number(row?.brand ?? 0) };
}

/** Whether the brand has funded a hire before (or is funding one right now), for first-hire-only coupons. */
async function hasFundedBefore(db: Db | Tx, brandUserId: number, exceptAttempt?: number): Promise<boolean> {
  const [funded] = await db.select({ id: jobFunds.job_id }).from(jobFunds).where(eq(jobFunds.brand_user_id, brandUserId)).limit(1);
  if (funded) return true;
  const [running] = await db
    .select({ id: fundAttempts.id })
    .from(fundAttempts)
    .where(
      and(
        eq(fundAttempts.brand_user_id, brandUserId),
        inArray(fundAttempts.status, ['started', 'succeeded']),
        exceptAttempt ? ne(fundAttempts.id, exceptAttempt) : undefined,
      ),
    )
    .limit(1);
  return Boolean(running);
}

/** Why this coupon cannot be used by this brand now, or null when it can (the one place the rules are read). */
async function refusal(db: Db | Tx, row: CouponRow, brandUserId: number, exceptAttempt?: number): Promise<string | null> {
  if (row.expires_at && row.expires_at.getTime() <= Date.now()) return `This coupon expired on ${formatDate(row.expires_at)}.`;
  const uses = await usesOf(db, row.id, brandUserId, exceptAttempt);
  if (row.max_redemptions !== null && uses.total >= row.max_redemptions) return 'This coupon has been used up.';
  if (row.max_per_brand !== null && uses.brand >= row.max_per_brand)
    return row.max_per_brand === 1 ? 'You have already used this coupon.' : `You have used this coupon ${uses.brand} times, its limit per brand.`;
  if (row.first_hire_only && (await hasFundedBefore(db, brandUserId, exceptAttempt))) return 'This coupon is only for a brand’s first hire.';
  return null;
}

/** A code a brand typed, if they can use it now; otherwise a 422 on `code` that says why. */
export async function checkCoupon(brandUserId: number, body: unknown): Promise<CouponPayload> {
  const { code } = validate(checkCouponSchema, body);
  const db = await getDb();
  const [row] = await db.select().from(coupons).where(byCode(code));
  if (!row) throw fieldError('code', COUPON_INVALID);
  const why = await refusal(db, row, brandUserId);
  if (why) throw fieldError('code', why);
  return serializeCoupon(row);
}

/**
 * Reserves one use of a code for a funding attempt, in that attempt's first transaction, with the
 * coupon row locked (SELECT … FOR UPDATE), so every rule is read and the use written by one funding
 * at a time. A coupon that does not apply is a 422 on `coupon` saying why.
 */
export async function reserveCoupon(tx: Tx, code: string, brandUserId: number): Promise<CouponRow> {
  const [row] = await tx.select().from(coupons).where(byCode(code)).for('update');
  if (!row) throw fieldError('coupon', COUPON_INVALID);
  const why = await refusal(tx, row, brandUserId);
  if (why) throw fieldError('coupon', why);
  return row;
}

/** Records the reserved use for the attempt (called once the attempt row exists, in the same transaction). */
export async function recordRedemption(tx: Tx, couponId: number, brandUserId: number, attemptId: number): Promise<void> {
  await tx.insert(couponRedemptions).values({ coupon_id: couponId, brand_user_id: brandUserId, attempt_id: attemptId }).onConflictDoNothing();
}

/** The attempt's payment went through: its use is redeemed (also for a charge reported late, whose use had been released). */
export async function redeemCoupon(tx: Tx, attemptId: number): Promise<void> {
  await tx.update(couponRedemptions).set({ status: 'redeemed' }).where(eq(couponRedemptions.attempt_id, attemptId));
}

/** The attempt failed: its use is given back. */
export async function releaseCoupon(tx: Tx, attemptId: number): Promise<void> {
  await tx
    .update(couponRedemptions)
    .set({ status: 'released' })
    .where(and(eq(couponRedemptions.attempt_id, attemptId), eq(couponRedemptions.status, 'reserved')));
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
      max_per_brand: input.max_per_brand ?? null,
      first_hire_only: input.first_hire_only ?? false,
      created_by: adminUserId,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw fieldError('code', 'A coupon with this code already exists.');
  return row;
}

/** A coupon as the admin page lists it, with its uses counted from its redemptions. */
export function adminCoupon(r: CouponRow, used: number): AdminCoupon {
  return {
    ...serializeCoupon(r),
    id: r.id,
    expires_at: r.expires_at?.toISOString() ?? null,
    max_redemptions: r.max_redemptions,
    max_per_brand: r.max_per_brand,
    first_hire_only: r.first_hire_only,
    times_redeemed: used,
    is_usable: (!r.expires_at || r.expires_at.getTime() > Date.now()) && (r.max_redemptions === null || used < r.max_redemptions),
    created_at: r.created_at.toISOString(),
  };
}

/** Every coupon, newest first, for the admin page. */
export async function listCoupons(): Promise<AdminCoupon[]> {
  const db = await getDb();
  const used = sql<number>`(select count(*)::int from ${couponRedemptions} r where r.coupon_id = ${qualified(coupons.id)} and r.status in ('reserved', 'redeemed'))`;
  const rows = await db.select({ coupon: coupons, used }).from(coupons).orderBy(desc(coupons.created_at), desc(coupons.id));
  return rows.map((r) => adminCoupon(r.coupon, Number(r.used)));
}
