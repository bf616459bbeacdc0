/**
 * Payments rules and payloads shared by the server and the islands (issue 11): the texts the spec's
 * flow fixes, card-number rules, coupon discounts and transaction codes. Amounts are integer cents.
 */
import { CARD_BRAND_NAMES, CARD_BRANDS, type CardBrand } from './constants';

export { CARD_BRANDS, type CardBrand };

/** A card as screens and receipts name it: "Visa •••• 4242". */
export function cardLabel(card: { type: string; last_four: string }): string {
  return `${CARD_BRAND_NAMES[card.type as CardBrand] ?? 'Card'} •••• ${card.last_four}`;
}

export const CARD_DECLINED = 'Your card was declined.';
export const INSUFFICIENT_FUNDS = 'Your card has insufficient funds.';
export const COUPON_INVALID = 'This coupon code is not valid.';
export const PAYMENT_FAILED = 'The payment could not be completed. Nothing was charged.';
/** The smallest amount a card can be charged (Stripe's minimum for USD). */
export const MINIMUM_CHARGE = 50;

/** Only the digits of a card number as typed ("4242 4242 …"). */
export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, '');
}

/** The Luhn check every card number passes. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The brand of a card number by its leading digits (IIN ranges), or null. */
export function cardBrandOf(digits: string): CardBrand | null {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^3(0[0-5]|[689])/.test(digits)) return 'diners';
  if (/^(6011|64[4-9]|65)/.test(digits)) return 'discover';
  if (/^35(2[89]|[3-8])/.test(digits)) return 'jcb';
  if (/^62/.test(digits)) return 'unionpay';
  return null;
}

/** True when a card expiring at the end of month/year is expired at `now`. */
export function isExpired(expMonth: number, expYear: number, now = new Date()): boolean {
  const y = now.getUTCFullYear();
  return expYear < y || (expYear === y && expMonth < now.getUTCMonth() + 1);
}

export interface CouponTerms {
  percent_off: number | null;
  amount_off: number | null;
}

/** What a coupon takes off a subtotal, never more than the subtotal. */
export function couponDiscount(coupon: CouponTerms | null, subtotal: number): number {
  if (!coupon) return 0;
  if (coupon.percent_off) return Math.min(subtotal, Math.round((subtotal * coupon.percent_off) / 100));
  return Math.min(subtotal, coupon.amount_off ?? 0);
}

/**
 * Splits a discount over parts in proportion to their size (largest remainder), so the parts' shares
 * add up to the discount exactly. Each funded job carries its share; a refund gives back what was paid.
 */
export function splitDiscount(parts: number[], discount: number): number[] {
  const total = parts.reduce((s, p) => s + p, 0);
  if (total === 0 || discount === 0) return parts.map(() => 0);
  const exact = parts.map((p) => (p * discount) / total);
  const shares = exact.map(Math.floor);
  let left = discount - shares.reduce((s, p) => s + p, 0);
  const order = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/** The service fee kept from a released fee: fee × percent / 100, rounded to the cent. */
export function serviceFee(fee: number, percent: number): number {
  return Math.round((fee * percent) / 100);
}

/** A human reference for a transaction: TX-2026-000123. */
export function transactionCode(year: number, n: number): string {
  return `TX-${year}-${String(n).padStart(6, '0')}`;
}

/** A coupon's terms in words: "20% off" or "$50 off". */
export function couponTermsLabel(coupon: CouponTerms, formatMoney: (cents: number) => string): string {
  return coupon.percent_off ? `${coupon.percent_off}% off` : `${formatMoney(coupon.amount_off ?? 0)} off`;
}

export type TransactionKind = 'charge' | 'refund' | 'release' | 'payout' | 'ad_spend';

export const TRANSACTION_KIND_LABELS: Record<TransactionKind, string> = {
  charge: 'Payment',
  refund: 'Refund',
  release: 'Earning released',
  payout: 'Payout',
  ad_spend: 'Automated ads impressions',
};

export interface CardPayload {
  id: number;
  type: CardBrand | string;
  last_four: string;
  exp_month: number;
  exp_year: number;
  is_default: boolean;
}

export interface CouponPayload {
  code: string;
  percent_off?: number;
  amount_off?: number;
  description: string;
  /** Its rules in words ("Once per brand · first hire only · until 12/31/2026"), empty when it has none. */
  rules: string;
}

/** A coupon as the admin page lists it. */
export interface AdminCoupon extends CouponPayload {
  id: number;
  expires_at: string | null;
  max_redemptions: number | null;
  max_per_brand: number | null;
  first_hire_only: boolean;
  times_redeemed: number;
  is_usable: boolean;
  created_at: string;
}

export interface TransactionPayload {
  id: number;
  code: string;
  kind: TransactionKind;
  /** The amount moved, in cents. */
  fee: number;
  /** Our part of it, in cents. */
  service_fee: number;
  is_balance: boolean;
  status: string;
  /** The card ("Visa •••• 4242") or the payout method ("Stripe account ••••1234"). */
  source: string | null;
  reference_type: string | null;
  reference_id: number | null;
  hiring_id: number | null;
  campaign_id: number | null;
  campaign_title: string | null;
  podcast_title: string | null;
  /** What it paid for, in words: "Hire · Second Wind Running", "Automated line · Autumn Roast jingle". */
  paid_for: string;
  meta: Record<string, unknown>;
  created_at: string;
}

export interface EarningsFigures {
  /** Released to the balance and not yet paid out, net of the service fee. */
  available: number;
  /** Funded by brands, not released yet, net of the service fee. */
  pending: number;
  paid_out: number;
  /** Everything ever released, net of the service fee. */
  lifetime: number;
}

/** A card number as typed, grouped the way it is printed (4-6-5 for American Express, fours otherwise). */
export function formatCardNumber(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 19);
  if (cardBrandOf(digits) === 'amex') return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)].filter(Boolean).join(' ');
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "MM / YY" as typed (also "MM/YYYY"), as month and four-digit year; null when it is not a date. */
export function parseExpiry(input: string): { month: number; year: number } | null {
  const m = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(input);
  if (!m) return null;
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/** What the expiry field shows while typing: "12 / 28". */
export function formatExpiry(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/** A recorded discrepancy as admins see it at /admin: what we asked, what the provider said, why it was refused. */
export interface DiscrepancyItem {
  id: number;
  source: 'webhook' | 'reconciliation' | 'ledger';
  kind: string;
  provider_ref: string | null;
  event_id: string | null;
  event_type: string | null;
  reconciliation_id: number | null;
  expected: Record<string, unknown>;
  received: Record<string, unknown>;
  reason: string;
  created_at: string;
  resolved_at: string | null;
  resolved_by_name: string | null;
}

/** One run of the reconciliation of the ledger with the provider's records. */
export interface ReconciliationRun {
  id: number;
  trigger: string;
  engine: string;
  since: string;
  status: string;
  checked: Record<string, number>;
  differences: number;
  error: string | null;
  started_at: string;
  finished_at: string | null;
}
