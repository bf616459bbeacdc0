/**
 * The Stripe engine: the official `stripe` SDK with STRIPE_SECRET_KEY, its API base from
 * STRIPE_API_BASE (tests point it at a local stand-in). Card numbers never reach us: Stripe Elements
 * makes a payment method in the browser and the server attaches it to the user's Stripe customer.
 */
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { config } from '../config';
import { getDb, paymentCustomers } from '../db';
import { CARD_DECLINED } from '../../payments';
import { CardError, ProviderUnavailable, type PaymentProvider, type ProviderRecords, type SavedCard } from './provider';

const FIELDS: Record<string, CardError['field']> = { exp_month: 'exp_month', exp_year: 'exp_year', cvc: 'cvc', number: 'number' };

/** Turns what the SDK throws into our two kinds of failure: the card's fault, or the provider's. */
function translate(error: unknown): Error {
  if (error instanceof Stripe.errors.StripeCardError)
    return new CardError(error.message || CARD_DECLINED, FIELDS[error.param ?? ''] ?? 'number', error.decline_code ?? error.code ?? 'card_declined');
  if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing')
    return new CardError('This card is no longer available. Add it again.', 'number', 'resource_missing');
  if (error instanceof Stripe.errors.StripeError) return new ProviderUnavailable(`Stripe: ${error.type}: ${error.message}`);
  return error instanceof Error ? new ProviderUnavailable(error.message) : new ProviderUnavailable(String(error));
}

async function guarded<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw translate(error);
  }
}

export class StripeProvider implements PaymentProvider {
  readonly engine = 'stripe' as const;
  private readonly client: Stripe;

  constructor() {
    const c = config().payments.stripe;
    this.client = new Stripe(c.secretKey!, {
      maxNetworkRetries: 1,
      timeout: c.timeoutMs,
      telemetry: false,
      appInfo: { name: 'Cuepoint' },
      ...(c.api ? { protocol: c.api.protocol, host: c.api.host, port: c.api.port } : {}),
    });
  }

  /** The Stripe client, for the webhook signature check. */
  get sdk(): Stripe {
    return this.client;
  }

  /** The user's Stripe customer, created once. */
  private async customer(user: { id: number; email: string }): Promise<string> {
    const db = await getDb();
    const [known] = await db.select().from(paymentCustomers).where(eq(paymentCustomers.user_id, user.id));
    if (known) return known.customer_id;
    const created = await guarded(() =>
      this.client.customers.create({ email: user.email, metadata: { user_id: String(user.id) } }, { idempotencyKey: `cuepoint-customer-${user.id}` }),
    );
    await db.insert(paymentCustomers).values({ user_id: user.id, customer_id: created.id }).onConflictDoNothing();
    const [row] = await db.select().from(paymentCustomers).where(eq(paymentCustomers.user_id, user.id));
    return row!.customer_id;
  }

  async saveCard(user: { id: number; email: string }, paymentMethodId: string): Promise<SavedCard> {
    const customer = await this.customer(user);
    const method = await guarded(() => this.client.paymentMethods.attach(paymentMethodId, { customer }));
    if (!method.card) throw new CardError('Only cards can be saved here.', 'number', 'invalid_payment_method');
    return {
      id: method.id,
      brand: method.card.brand as SavedCard['brand'],
      last4: method.card.last4,
      exp_month: method.card.exp_month,
      exp_year: method.card.exp_year,
      fingerprint: method.card.fingerprint ?? null,
    };
  }

  async removeCard(paymentMethodId: string): Promise<void> {
    await guarded(() => this.client.paymentMethods.detach(paymentMethodId));
  }

  async charge(input: Parameters<PaymentProvider['charge']>[0]): Promise<{ id: string }> {
    const db = await getDb();
    const [customer] = await db.select().from(paymentCustomers).where(eq(paymentCustomers.user_id, input.customerUserId));
    const intent = await guarded(() =>
      this.client.paymentIntents.create(
        {
          amount: input.amount,
          currency: 'usd',
          ...(customer ? { customer: customer.customer_id } : {}),
          payment_method: input.paymentMethodId,
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          confirm: true,
          error_on_requires_action: true,
          description: input.description,
          metadata: input.metadata,
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    if (intent.status === 'succeeded') return { id: intent.id };
    // A card that asks for 3-D Secure cannot be confirmed here: let the intent go and say so.
    await guarded(() => this.client.paymentIntents.cancel(intent.id)).catch(() => undefined);
    throw new CardError('This card asks for the bank’s confirmation, which this payment cannot show. Use another card.', 'number', intent.status);
  }

  async refund(input: Parameters<PaymentProvider['refund']>[0]): Promise<{ id: string }> {
    const refund = await guarded(() =>
      this.client.refunds.create({ payment_intent: input.chargeId, amount: input.amount, metadata: input.metadata }, { idempotencyKey: input.idempotencyKey }),
    );
    return { id: refund.id };
  }

  async payout(input: Parameters<PaymentProvider['payout']>[0]): Promise<{ id: string }> {
    await guarded(() =>
      this.client.transfers.create(
        // The transfer group carries our key, so the reconciliation finds the ledger's payout of it.
        { amount: input.amount, currency: 'usd', destination: input.destination, description: input.description, transfer_group: input.idempotencyKey },
        { idempotencyKey: `${input.idempotencyKey}-transfer` },
      ),
    );
    const payout = await guarded(() =>
      this.client.payouts.create(
        { amount: input.amount, currency: 'usd', description: input.description },
        { stripeAccount: input.destination, idempotencyKey: `${input.idempotencyKey}-payout` },
      ),
    );
    return { id: payout.id };
  }

  /** Stripe's records since a moment: succeeded payment intents, refunds and transfers (each listed with the SDK's auto-pagination). */
  async listRecords(since: Date): Promise<ProviderRecords> {
    const created = { gte: Math.floor(since.getTime() / 1000) };
    const at = (seconds: number) => new Date(seconds * 1000);
    const out: ProviderRecords = { charges: [], refunds: [], payouts: [] };
    await guarded(async () => {
      for await (const pi of this.client.paymentIntents.list({ created, limit: 100 })) {
        if (pi.status !== 'succeeded') continue;
        out.charges.push({
          id: pi.id,
          amount: pi.amount,
          captured: pi.amount_received,
          currency: pi.currency,
          created: at(pi.created),
          metadata: pi.metadata ?? {},
        });
      }
      for await (const re of this.client.refunds.list({ created, limit: 100 })) {
        const intent = typeof re.payment_intent === 'string' ? re.payment_intent : (re.payment_intent?.id ?? '');
        out.refunds.push({ id: re.id, charge_id: intent, amount: re.amount, currency: re.currency, status: re.status ?? 'succeeded', created: at(re.created) });
      }
      for await (const tr of this.client.transfers.list({ created, limit: 100 })) {
        const destination = typeof tr.destination === 'string' ? tr.destination : (tr.destination?.id ?? null);
        out.payouts.push({
          id: tr.id,
          reference: tr.transfer_group ?? null,
          amount: tr.amount - tr.amount_reversed,
          currency: tr.currency,
          destination,
          created: at(tr.created),
        });
      }
    });
    return out;
  }
}
