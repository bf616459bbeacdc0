/**
 * The embedded test-mode provider: a payment engine inside the product, used when no Stripe key is
 * configured. It keeps its own books in the database (test_provider_* tables: the cards it tokenised,
 * and a ledger of authorisations, captures, refunds, transfers and payouts) and follows Stripe's
 * documented test-mode card rules, so the product behaves as it will with Stripe's test keys.
 * It stores only a card's brand, last four and expiry, never the number.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import { config } from '../config';
import { randomToken, sha256 } from '../crypto';
import { getDb, type Tx, testProviderEntries, testProviderPaymentMethods } from '../db';
import { CARD_DECLINED, cardBrandOf, cardDigits, INSUFFICIENT_FUNDS, isExpired, MINIMUM_CHARGE, passesLuhn } from '../../payments';
import { CardError, type PaymentProvider, type ProviderRecords, type SavedCard } from './provider';

type Behaviour = (typeof testProviderPaymentMethods.$inferSelect)['behaviour'];

/** Stripe's test card numbers and how each behaves (https://docs.stripe.com/testing). */
const TEST_CARDS: Record<string, Behaviour> = {
  '4242424242424242': 'succeed',
  '4000056655665556': 'succeed',
  '5555555555554444': 'succeed',
  '5200828282828210': 'succeed',
  '378282246310005': 'succeed',
  '371449635398431': 'succeed',
  '6011111111111117': 'succeed',
  '6011000990139424': 'succeed',
  '3056930009020004': 'succeed',
  '36227206271667': 'succeed',
  '3566002020360505': 'succeed',
  '6200000000000005': 'succeed',
  // Declined when the card is saved (Stripe checks a card when it is attached).
  '4000000000000002': 'declined',
  // Saved, then declined when charged.
  '4000000000000341': 'decline_on_charge',
  '4000000000009995': 'insufficient_funds',
};

export const NON_TEST_CARD = `${CARD_DECLINED} In test mode only Stripe's test card numbers work, for example 4242 4242 4242 4242.`;

const id = (prefix: string) => `${prefix}_test_${randomToken(12)}`;

/** The card rules of Stripe's test mode, applied to what a card form sends. */
function checkCard(input: { number: string; exp_month: number; exp_year: number; cvc: string }): { digits: string; behaviour: Behaviour } {
  const digits = cardDigits(input.number);
  if (!passesLuhn(digits) || !cardBrandOf(digits)) throw new CardError('Your card number is incorrect.', 'number', 'incorrect_number');
  if (!Number.isInteger(input.exp_month) || input.exp_month < 1 || input.exp_month > 12)
    throw new CardError('Your card’s expiration month is invalid.', 'exp_month', 'invalid_expiry_month');
  const year = new Date().getUTCFullYear();
  if (!Number.isInteger(input.exp_year) || input.exp_year < year || input.exp_year > year + 50)
    throw new CardError('Your card’s expiration year is invalid.', 'exp_year', 'invalid_expiry_year');
  if (isExpired(input.exp_month, input.exp_year)) throw new CardError('Your card has expired.', 'exp_month', 'expired_card');
  const cvcLength = cardBrandOf(digits) === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(input.cvc)) throw new CardError('Your card’s security code is invalid.', 'cvc', 'invalid_cvc');
  const behaviour = TEST_CARDS[digits];
  if (!behaviour) throw new CardError(NON_TEST_CARD, 'number', 'card_declined');
  return { digits, behaviour };
}

export class EmbeddedProvider implements PaymentProvider {
  readonly engine = 'embedded' as const;

  /** Turns a card number into a payment method id (the number itself is not kept). */
  async tokenizeCard(input: { number: string; exp_month: number; exp_year: number; cvc: string }): Promise<string> {
    const { digits, behaviour } = checkCard(input);
    const db = await getDb();
    const [pm] = await db
      .insert(testProviderPaymentMethods)
      .values({
        id: id('pm'),
        brand: cardBrandOf(digits)!,
        last4: digits.slice(-4),
        exp_month: input.exp_month,
        exp_year: input.exp_year,
        fingerprint: sha256(`${config().appKey}:card:${digits}`).slice(0, 16),
        behaviour,
      })
      .returning();
    return pm!.id;
  }

  async saveCard(_user: { id: number; email: string }, paymentMethodId: string): Promise<SavedCard> {
    const pm = await this.method(paymentMethodId);
    if (pm.behaviour === 'declined') throw new CardError(CARD_DECLINED, 'number');
    return { id: pm.id, brand: pm.brand as SavedCard['brand'], last4: pm.last4, exp_month: pm.exp_month, exp_year: pm.exp_year, fingerprint: pm.fingerprint };
  }

  async removeCard(paymentMethodId: string): Promise<void> {
    const db = await getDb();
    await db.update(testProviderPaymentMethods).set({ detached_at: new Date() }).where(eq(testProviderPaymentMethods.id, paymentMethodId));
  }

  async charge(input: Parameters<PaymentProvider['charge']>[0]): Promise<{ id: string }> {
    if (input.amount < MINIMUM_CHARGE) throw new Error(`Amount must be at least ${MINIMUM_CHARGE} cents.`);
    const db = await getDb();
    const outcome = await db.transaction(async (tx) => {
      const [seen] = await tx
        .select()
        .from(testProviderEntries)
        .where(and(eq(testProviderEntries.kind, 'authorisation'), eq(testProviderEntries.idempotency_key, input.idempotencyKey)));
      if (seen) return seen;
      const pm = await this.method(input.paymentMethodId, tx);
      const declined =
        pm.behaviour === 'declined' || pm.behaviour === 'decline_on_charge'
          ? 'card_declined'
          : pm.behaviour === 'insufficient_funds'
            ? 'insufficient_funds'
            : isExpired(pm.exp_month, pm.exp_year)
              ? 'expired_card'
              : null;
      const [auth] = await tx
        .insert(testProviderEntries)
        .values({
          id: id('pi'),
          kind: 'authorisation',
          amount: input.amount,
          payment_method: pm.id,
          status: declined ? 'declined' : 'succeeded',
          idempotency_key: input.idempotencyKey,
          metadata: { ...input.metadata, description: input.description, ...(declined ? { decline_code: declined } : {}) },
        })
        .returning();
      if (!declined)
        await tx.insert(testProviderEntries).values({
          id: id('ch'),
          kind: 'capture',
          amount: input.amount,
          payment_method: pm.id,
          parent_id: auth!.id,
          status: 'succeeded',
          idempotency_key: input.idempotencyKey,
        });
      return auth!;
    });
    if (outcome.status === 'declined') {
      const code = outcome.metadata.decline_code;
      throw new CardError(
        code === 'insufficient_funds' ? INSUFFICIENT_FUNDS : code === 'expired_card' ? 'Your card has expired.' : CARD_DECLINED,
        'number',
        code,
      );
    }
    return { id: outcome.id };
  }

  async refund(input: Parameters<PaymentProvider['refund']>[0]): Promise<{ id: string }> {
    const db = await getDb();
    return db.transaction(async (tx) => {
      const [seen] = await tx
        .select()
        .from(testProviderEntries)
        .where(and(eq(testProviderEntries.kind, 'refund'), eq(testProviderEntries.idempotency_key, input.idempotencyKey)));
      if (seen) return { id: seen.id };
      const [charge] = await tx
        .select()
        .from(testProviderEntries)
        .where(and(eq(testProviderEntries.id, input.chargeId), eq(testProviderEntries.kind, 'authorisation'), eq(testProviderEntries.status, 'succeeded')))
        .for('update');
      if (!charge) throw new Error(`No such charge: ${input.chargeId}`);
      const [refunded] = await tx
        .select({ n: sql<string>`coalesce(sum(${testProviderEntries.amount}), 0)` })
        .from(testProviderEntries)
        .where(and(eq(testProviderEntries.parent_id, charge.id), eq(testProviderEntries.kind, 'refund')));
      if (Number(refunded?.n ?? 0) + input.amount > charge.amount) throw new Error('The refund is larger than what is left of the charge.');
      const [row] = await tx
        .insert(testProviderEntries)
        .values({
          id: id('re'),
          kind: 'refund',
          amount: input.amount,
          parent_id: charge.id,
          status: 'succeeded',
          idempotency_key: input.idempotencyKey,
          metadata: input.metadata,
        })
        .returning();
      return { id: row!.id };
    });
  }

  async payout(input: Parameters<PaymentProvider['payout']>[0]): Promise<{ id: string }> {
    const db = await getDb();
    return db.transaction(async (tx) => {
      const [seen] = await tx
        .select()
        .from(testProviderEntries)
        .where(and(eq(testProviderEntries.kind, 'payout'), eq(testProviderEntries.idempotency_key, input.idempotencyKey)));
      if (seen) return { id: seen.id };
      const [transfer] = await tx
        .insert(testProviderEntries)
        .values({
          id: id('tr'),
          kind: 'transfer',
          amount: input.amount,
          destination: input.destination,
          status: 'succeeded',
          idempotency_key: input.idempotencyKey,
          metadata: { description: input.description },
        })
        .returning();
      const [payout] = await tx
        .insert(testProviderEntries)
        .values({
          id: id('po'),
          kind: 'payout',
          amount: input.amount,
          destination: input.destination,
          parent_id: transfer!.id,
          status: 'paid',
          idempotency_key: input.idempotencyKey,
        })
        .returning();
      return { id: payout!.id };
    });
  }

  /** Its own books since a moment: succeeded authorisations with what was captured, refunds, and payouts with their transfer's key. */
  async listRecords(since: Date): Promise<ProviderRecords> {
    const db = await getDb();
    const rows = await db.select().from(testProviderEntries).where(gte(testProviderEntries.created_at, since));
    const captured = new Map<string, number>();
    for (const r of rows) if (r.kind === 'capture' && r.parent_id) captured.set(r.parent_id, (captured.get(r.parent_id) ?? 0) + r.amount);
    return {
      charges: rows
        .filter((r) => r.kind === 'authorisation' && r.status === 'succeeded')
        .map((r) => ({ id: r.id, amount: r.amount, captured: captured.get(r.id) ?? 0, currency: r.currency, created: r.created_at, metadata: r.metadata })),
      refunds: rows
        .filter((r) => r.kind === 'refund')
        .map((r) => ({ id: r.id, charge_id: r.parent_id ?? '', amount: r.amount, currency: r.currency, status: r.status, created: r.created_at })),
      payouts: rows
        .filter((r) => r.kind === 'payout')
        .map((r) => ({ id: r.id, reference: r.idempotency_key, amount: r.amount, currency: r.currency, destination: r.destination, created: r.created_at })),
    };
  }

  private async method(paymentMethodId: string, conn?: Tx) {
    const db = conn ?? (await getDb());
    const [pm] = await db.select().from(testProviderPaymentMethods).where(eq(testProviderPaymentMethods.id, paymentMethodId));
    if (!pm || pm.detached_at) throw new CardError('This card is no longer available. Add it again.', 'number', 'resource_missing');
    return pm;
  }
}
