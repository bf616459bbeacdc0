/**
 * The payments domain's own tables (written by src/lib/server/payments only). The ledger itself is
 * `transactions` (core.ts); these hold what is around it: coupons, the escrow of each funded job,
 * the work in flight (fund attempts, refunds, payouts) and idempotency, and the embedded test-mode
 * provider's own books (its payment methods, its ledger of authorisations, captures, refunds,
 * transfers and payouts, its connected test accounts).
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgSequence, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { hirings, packageJobs, transactions, users } from './core';

const ts = () => timestamp({ withTimezone: true, mode: 'date' });
const cents = () => bigint({ mode: 'number' });
const created_at = () => ts().defaultNow().notNull();
const updated_at = () =>
  ts()
    .defaultNow()
    .notNull()
    .$onUpdate(() => new Date());

/** The running number of transaction codes (TX-2026-000123). */
export const transactionCodes = pgSequence('transaction_codes', { startWith: 100, increment: 1 });

/**
 * A coupon an admin created: a percentage or a fixed amount off, with its rules (an expiry, a total
 * number of uses, uses per brand, first hire only), enforced at funding with the row locked. Its uses
 * are the rows of coupon_redemptions (no cached counter).
 */
export const coupons = pgTable(
  'coupons',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    code: text().notNull(),
    percent_off: integer(),
    amount_off: cents(),
    description: text().notNull().default(''),
    expires_at: ts(),
    /** Total uses over every brand (null: no limit). */
    max_redemptions: integer(),
    /** Uses by one brand (null: no limit). */
    max_per_brand: integer(),
    /** Only for a brand that has never funded a hire. */
    first_hire_only: boolean().notNull().default(false),
    created_by: integer().references(() => users.id, { onDelete: 'set null' }),
    created_at: created_at(),
    updated_at: updated_at(),
  },
  (t) => [uniqueIndex('coupons_code_unique').on(sql`upper(${t.code})`)],
);

/** One use of a coupon by a funding attempt: reserved while the payment runs, redeemed, or released when it failed. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    coupon_id: integer()
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    brand_user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attempt_id: integer()
      .notNull()
      .references(() => fundAttempts.id, { onDelete: 'cascade' }),
    status: text().$type<'reserved' | 'redeemed' | 'released'>().notNull().default('reserved'),
    created_at: created_at(),
    updated_at: updated_at(),
  },
  (t) => [uniqueIndex('coupon_redemptions_attempt_unique').on(t.attempt_id), index('coupon_redemptions_coupon_brand_idx').on(t.coupon_id, t.brand_user_id)],
);

/**
 * Escrow: one row per funded (billable) job, written with the charge. `fee` is the job's fee (what
 * the podcaster is released), `paid` what the brand paid for it after a coupon (what a refund returns).
 * Held = a row without a release or refund of its job.
 */
export const jobFunds = pgTable(
  'job_funds',
  {
    job_id: integer()
      .primaryKey()
      .references(() => packageJobs.id, { onDelete: 'cascade' }),
    hiring_id: integer()
      .notNull()
      .references(() => hirings.id, { onDelete: 'cascade' }),
    campaign_id: integer().notNull(),
    brand_user_id: integer().notNull(),
    podcaster_user_id: integer().notNull(),
    /** The ledger's charge; null when nothing was charged (a coupon covered it all). */
    charge_id: integer().references(() => transactions.id),
    fee: cents().notNull(),
    paid: cents().notNull(),
    created_at: created_at(),
  },
  (t) => [
    index('job_funds_hiring_idx').on(t.hiring_id),
    index('job_funds_podcaster_idx').on(t.podcaster_user_id),
    index('job_funds_campaign_idx').on(t.campaign_id),
  ],
);

/** One try at funding hirings: started before the provider is called, then succeeded or failed. */
export const fundAttempts = pgTable('fund_attempts', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  brand_user_id: integer()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  hiring_ids: jsonb().$type<number[]>().notNull(),
  card_id: integer(),
  coupon_id: integer().references(() => coupons.id, { onDelete: 'set null' }),
  subtotal: cents().notNull(),
  discount: cents().notNull().default(0),
  amount: cents().notNull(),
  status: text().$type<'started' | 'succeeded' | 'failed'>().notNull().default('started'),
  provider_ref: text(),
  transaction_id: integer(),
  error: text(),
  created_at: created_at(),
  updated_at: updated_at(),
});

/** A hiring being funded right now: at most one attempt at a time (a stale claim may be taken over). */
export const fundClaims = pgTable('fund_claims', {
  hiring_id: integer()
    .primaryKey()
    .references(() => hirings.id, { onDelete: 'cascade' }),
  attempt_id: integer()
    .notNull()
    .references(() => fundAttempts.id, { onDelete: 'cascade' }),
  created_at: created_at(),
});

/**
 * Money going back to the brand's card: a funded job's share when the job is cancelled (one per job),
 * or a whole charge that should not have happened. Recorded in the transaction that decides it, sent
 * to the provider after it (a queue job), written to the ledger when the provider confirms.
 */
export const refundRequests = pgTable('refund_requests', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  job_id: integer()
    .unique()
    .references(() => packageJobs.id, { onDelete: 'cascade' }),
  /** The ledger's charge the money goes back to; null for a job that was funded without a charge (nothing to refund). */
  charge_id: integer().references(() => transactions.id),
  hiring_id: integer(),
  brand_user_id: integer().notNull(),
  amount: cents().notNull(),
  status: text().$type<'pending' | 'succeeded' | 'failed'>().notNull().default('pending'),
  provider_ref: text(),
  transaction_id: integer(),
  error: text(),
  created_at: created_at(),
  updated_at: updated_at(),
});

/** A podcaster's payout of their available balance: started, then paid (a ledger row) or failed. */
export const payoutRequests = pgTable('payout_requests', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  user_id: integer()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  amount: cents().notNull(),
  method: text().$type<'stripe' | 'paypal'>().notNull(),
  destination: text().notNull(),
  status: text().$type<'started' | 'succeeded' | 'failed'>().notNull().default('started'),
  provider_ref: text(),
  transaction_id: integer(),
  error: text(),
  created_at: created_at(),
  updated_at: updated_at(),
});

/** An Idempotency-Key a user sent to a money-moving call, with the answer to replay. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scope: text().notNull(),
    key: text().notNull(),
    request_hash: text().notNull(),
    status_code: integer(),
    response: jsonb().$type<unknown>(),
    created_at: created_at(),
  },
  (t) => [uniqueIndex('idempotency_keys_unique').on(t.user_id, t.scope, t.key)],
);

/** The Stripe customer that holds a user's saved cards (real Stripe only). */
export const paymentCustomers = pgTable('payment_customers', {
  user_id: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  customer_id: text().notNull(),
  created_at: created_at(),
});

/** Stripe webhook events already applied (a replayed event changes nothing). */
export const webhookEvents = pgTable('webhook_events', {
  id: text().primaryKey(),
  type: text().notNull(),
  received_at: created_at(),
});

/**
 * What a provider told us that did not match what we asked of it (a webhook's amount, currency,
 * attempt or hirings; a refund larger than its charge), or a difference a reconciliation found between
 * the ledger and the provider's records. Recorded for admins (/admin); nothing here moves money.
 */
export const paymentDiscrepancies = pgTable(
  'payment_discrepancies',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    source: text().$type<'webhook' | 'reconciliation' | 'ledger'>().notNull(),
    /** What kind of difference: amount_mismatch, currency_mismatch, unknown_payment, refund_exceeds_charge, missing_in_ledger, missing_at_provider, … */
    kind: text().notNull(),
    /** The provider's id of the movement (payment intent, refund, payout), when known. */
    provider_ref: text(),
    /** The webhook event (its id and type) that said it. */
    event_id: text(),
    event_type: text(),
    reconciliation_id: integer(),
    /** What we asked of the provider (or what the ledger holds). */
    expected: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** What the provider said. */
    received: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** Why it was refused, in a sentence an admin reads. */
    reason: text().notNull(),
    resolved_at: ts(),
    resolved_by: integer().references(() => users.id, { onDelete: 'set null' }),
    created_at: created_at(),
  },
  (t) => [
    uniqueIndex('payment_discrepancies_event_unique').on(t.event_id).where(sql`${t.event_id} is not null`),
    index('payment_discrepancies_open_idx').on(t.resolved_at, t.created_at),
    index('payment_discrepancies_reconciliation_idx').on(t.reconciliation_id),
  ],
);

/** One run of the reconciliation: the ledger compared with the provider's records since a moment. */
export const reconciliations = pgTable('reconciliations', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  trigger: text().$type<'schedule' | 'command' | 'admin'>().notNull(),
  engine: text().notNull(),
  since: ts().notNull(),
  status: text().$type<'running' | 'succeeded' | 'failed'>().notNull().default('running'),
  /** How many records of each kind were compared: {charges, refunds, payouts}. */
  checked: jsonb().$type<Record<string, number>>().notNull().default({}),
  differences: integer().notNull().default(0),
  error: text(),
  started_at: created_at(),
  finished_at: ts(),
});

// ---- the embedded test-mode provider's own books ----

/** A card the embedded provider tokenised: brand, last four, expiry and how Stripe's test rules say it behaves. */
export const testProviderPaymentMethods = pgTable('test_provider_payment_methods', {
  id: text().primaryKey(),
  brand: text().notNull(),
  last4: text().notNull(),
  exp_month: integer().notNull(),
  exp_year: integer().notNull(),
  fingerprint: text().notNull(),
  behaviour: text().$type<'succeed' | 'declined' | 'decline_on_charge' | 'insufficient_funds'>().notNull(),
  detached_at: ts(),
  created_at: created_at(),
});

/**
 * The embedded provider's ledger: authorisations and their captures (a charge), refunds against a
 * charge, transfers to a connected account and payouts from it. An idempotency key answers the same entry.
 */
export const testProviderEntries = pgTable(
  'test_provider_entries',
  {
    id: text().primaryKey(),
    kind: text().$type<'authorisation' | 'capture' | 'refund' | 'transfer' | 'payout'>().notNull(),
    amount: cents().notNull(),
    currency: text().notNull().default('usd'),
    payment_method: text(),
    /** The authorisation a capture or refund belongs to; the transfer a payout pays out. */
    parent_id: text(),
    destination: text(),
    status: text().notNull(),
    idempotency_key: text(),
    metadata: jsonb().$type<Record<string, string>>().notNull().default({}),
    created_at: created_at(),
  },
  (t) => [uniqueIndex('test_provider_entries_idempotency_unique').on(t.kind, t.idempotency_key), index('test_provider_entries_parent_idx').on(t.parent_id)],
);

/** A connected test account of the embedded provider's Stripe Connect and PayPal sign-in pages, and its one-time codes. */
export const testProviderAccounts = pgTable(
  'test_provider_accounts',
  {
    id: text().notNull(),
    provider: text().$type<'stripe' | 'paypal'>().notNull(),
    email: text().notNull(),
    code: text().notNull().unique(),
    code_used_at: ts(),
    created_at: created_at(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.id] })],
);
