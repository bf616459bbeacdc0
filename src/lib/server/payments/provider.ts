/**
 * The one interface the product's money code talks to. Which engine sits behind it is configuration
 * (config.ts, read once): the official Stripe SDK when STRIPE_SECRET_KEY is set, otherwise the
 * embedded test-mode provider with its own ledger in the database.
 */
import { config } from '../config';
import type { CardBrand } from '../../payments';

export interface SavedCard {
  /** The provider's payment method id (pm_…). */
  id: string;
  brand: CardBrand;
  last4: string;
  exp_month: number;
  exp_year: number;
  fingerprint: string | null;
}

/** A card the provider refused: the provider's own words, and the form field they are about. */
export class CardError extends Error {
  constructor(
    message: string,
    readonly field: 'number' | 'exp_month' | 'exp_year' | 'cvc' = 'number',
    readonly code = 'card_declined',
  ) {
    super(message);
  }
}

/** The provider could not be reached or answered with a server error: nothing can be assumed done. */
export class ProviderUnavailable extends Error {}

/** A payout destination that the provider refused (an account that cannot receive money). */
export class PayoutRefused extends Error {}

/** A charge as the provider's own records have it (a succeeded payment intent; an authorisation and its capture). */
export interface ProviderCharge {
  id: string;
  amount: number;
  /** What the provider actually captured. */
  captured: number;
  currency: string;
  created: Date;
  metadata: Record<string, string>;
}

/** A refund as the provider's records have it. */
export interface ProviderRefund {
  id: string;
  /** The payment intent (charge) it gives back. */
  charge_id: string;
  amount: number;
  currency: string;
  status: string;
  created: Date;
}

/** A payout (the transfer to a connected account and its payout) as the provider's records have it. */
export interface ProviderPayout {
  id: string;
  /** Our idempotency key of the payout (`cuepoint-payout-{request id}`), the link to the ledger. */
  reference: string | null;
  amount: number;
  currency: string;
  destination: string | null;
  created: Date;
}

export interface ProviderRecords {
  charges: ProviderCharge[];
  refunds: ProviderRefund[];
  payouts: ProviderPayout[];
}

export interface PaymentProvider {
  readonly engine: 'embedded' | 'stripe';
  /** Embedded provider only: tokenises a card number into a payment method (Stripe Elements does this in the browser). */
  tokenizeCard?(input: { number: string; exp_month: number; exp_year: number; cvc: string }): Promise<string>;
  /** Keeps a payment method for the user (a Stripe customer holds it) and answers what the card is. */
  saveCard(user: { id: number; email: string }, paymentMethodId: string): Promise<SavedCard>;
  /** Lets go of a saved payment method. */
  removeCard(paymentMethodId: string): Promise<void>;
  /** Charges a saved card at once (authorise and capture); the same idempotency key never charges twice. */
  charge(input: {
    amount: number;
    customerUserId: number;
    paymentMethodId: string;
    description: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<{ id: string }>;
  /** Gives part or all of a charge back to the card. */
  refund(input: { chargeId: string; amount: number; idempotencyKey: string; metadata: Record<string, string> }): Promise<{ id: string }>;
  /** Moves money to a connected Stripe account and pays it out to the account's bank. */
  payout(input: { amount: number; destination: string; idempotencyKey: string; description: string }): Promise<{ id: string }>;
  /** The provider's own records of charges, refunds and payouts created since a moment (the reconciliation reads them). */
  listRecords(since: Date): Promise<ProviderRecords>;
}

let current: PaymentProvider | null = null;

/** The configured provider. */
export async function paymentProvider(): Promise<PaymentProvider> {
  current ??=
    config().payments.engine === 'stripe'
      ? new (await import('./stripe-provider')).StripeProvider()
      : new (await import('./embedded-provider')).EmbeddedProvider();
  return current;
}
