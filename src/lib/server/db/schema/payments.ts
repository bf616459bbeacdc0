/**
 * The payments domain's own tables (written by src/lib/server/payments only). The ledger itself is
 * `transactions` (core.ts); these hold what is around it: coupons, the escrow of each funded job,
 * the work in flight (fund attempts, refunds, payouts) and idempotency, and the embedded test-mode
 * provider's own books (its payment methods, its ledger of authorisations, captures, refunds,
 * transfers and payouts, its connected test accounts).
 */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgSequence, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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

/** A coupon an admin created: a percentage or a fixed amount off, until it expires or is used up. */
export const coupons = pgTable(
  'coupons',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    code: text().notNull(),
    percent_off: integer(),
    amount_off: cents(),
    description: text().notNull().default(''),
    expires_at: ts(),
    max_redemptions: integer(),
    /** Counted atomically when a funding reserves it; given back when that funding fails. */
    times_redeemed: integer().notNull().default(0),
    created_by: integer().references(() => users.id, { onDelete: 'set null' }),
    created_at: created_at(),
    updated_at: updated_at(),
  },
  (t) => [uniqueIndex('coupons_code_unique').on(sql`upper(${t.code})`)],
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
    charge_id: integer()
      .notNull()
      .references(() => transactions.id),
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
  charge_id: integer()
    .notNull()
    .references(() => transactions.id),
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
