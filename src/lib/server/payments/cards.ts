/**
 * Saved cards (issue 11 §1): the user's cards as the provider described them (brand, last four,
 * expiry, never a number), the default one (users.default_card_id), adding and removing them.
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { config } from '../config';
import { getDb, cards, users } from '../db';
import { fieldError, HttpError, notFound, validate } from '../http';
import { type SessionUser, setAccountDefaultCard } from '../users';
import type { CardPayload } from '../../payments';
import { CardError, ProviderUnavailable, paymentProvider } from './provider';

export type CardRow = typeof cards.$inferSelect;

const month = z.coerce
  .number({ error: 'The exp month field must be a number.' })
  .int('Your card’s expiration month is invalid.')
  .min(1, 'Your card’s expiration month is invalid.')
  .max(12, 'Your card’s expiration month is invalid.');
const year = z.coerce.number({ error: 'The exp year field must be a number.' }).int('Your card’s expiration year is invalid.');

/** What the embedded provider's card form sends: the number goes to the provider, never to our tables. */
export const testCardSchema = z.object({
  number: z.string({ error: 'The number field is required.' }).trim().min(1, 'The number field is required.').max(30, 'Your card number is incorrect.'),
  exp_month: month,
  exp_year: year.transform((y) => (y < 100 ? 2000 + y : y)),
  cvc: z.string({ error: 'The cvc field is required.' }).trim().min(1, 'The cvc field is required.').max(4, 'Your card’s security code is invalid.'),
});

/** What Stripe Elements leaves us: a payment method id. */
export const stripeCardSchema = z.object({
  payment_method: z
    .string({ error: 'The payment method field is required.' })
    .regex(/^pm_[A-Za-z0-9_]{1,250}$/, 'The payment method field must be a Stripe payment method id.'),
});

/** The card payload of the API. */
export function serializeCard(card: CardRow, defaultCardId: number | null): CardPayload {
  return {
    id: card.id,
    type: card.type,
    last_four: card.last_four,
    exp_month: card.exp_month,
    exp_year: card.exp_year,
    is_default: card.id === defaultCardId,
  };
}

/** The user's saved cards, the default first, then newest first. */
export async function listCards(userId: number): Promise<CardPayload[]> {
  const db = await getDb();
  // One statement: the user's row carries the default card; a user without cards reads one row whose card is null.
  const rows = await db
    .select({ card: cards, default_card_id: users.default_card_id })
    .from(users)
    .leftJoin(cards, and(eq(cards.user_id, users.id), eq(cards.engine, config().payments.engine)))
    .where(eq(users.id, userId))
    .orderBy(desc(cards.created_at), desc(cards.id));
  const def = rows[0]?.default_card_id ?? null;
  return rows.flatMap((r) => (r.card ? [serializeCard(r.card, def)] : [])).sort((a, b) => Number(b.is_default) - Number(a.is_default));
}

/** One of the user's cards, or a 404 (another user's card is never shown). */
export async function findOwnCard(userId: number, cardId: number): Promise<CardRow> {
  const db = await getDb();
  const [card] = await db
    .select()
    .from(cards)
    .where(and(eq(cards.id, cardId), eq(cards.user_id, userId), eq(cards.engine, config().payments.engine)));
  if (!card) throw notFound('No such card.');
  return card;
}

/** A provider failure as the 422 the card form reads (or the "nothing was charged" answer when the provider is down). */
function cardFailure(error: unknown): never {
  if (error instanceof CardError) throw fieldError(error.field, error.message);
  if (error instanceof ProviderUnavailable) throw new HttpError(502, 'The card could not be saved: the payment provider did not answer. Please try again.');
  throw error;
}

/** Adds a card: the number (test mode) or payment method (Stripe) goes to the provider; we keep what it answers. The first card becomes the default. */
export async function addCard(user: SessionUser, body: unknown): Promise<CardPayload> {
  const provider = await paymentProvider();
  let paymentMethodId: string;
  if (provider.engine === 'embedded') {
    const input = validate(testCardSchema, body);
    paymentMethodId = await provider.tokenizeCard!(input).catch(cardFailure);
  } else {
    paymentMethodId = validate(stripeCardSchema, body).payment_method;
  }
  const saved = await provider.saveCard({ id: user.id, email: user.row.email }, paymentMethodId).catch(cardFailure);
  const db = await getDb();
  const card = await db.transaction(async (tx) => {
    const [me] = await tx.select({ default_card_id: users.default_card_id }).from(users).where(eq(users.id, user.id)).for('update');
    if (saved.fingerprint) {
      const [same] = await tx
        .select({ id: cards.id })
        .from(cards)
        .where(and(eq(cards.user_id, user.id), eq(cards.fingerprint, saved.fingerprint), eq(cards.engine, provider.engine)));
      if (same) throw fieldError('number', 'This card is already saved.');
    }
    const [row] = await tx
      .insert(cards)
      .values({
        user_id: user.id,
        type: saved.brand,
        last_four: saved.last4,
        exp_month: saved.exp_month,
        exp_year: saved.exp_year,
        provider_id: saved.id,
        engine: provider.engine,
        fingerprint: saved.fingerprint,
      })
      .returning();
    let def = me?.default_card_id ?? null;
    if (def === null || !(await tx.select({ id: cards.id }).from(cards).where(eq(cards.id, def))).length) {
      def = row!.id;
      await setAccountDefaultCard(tx, user.id, def);
    }
    return serializeCard(row!, def);
  });
  return card;
}

/** Makes one of the user's cards the default (users.default_card_id). */
export async function setDefaultCard(userId: number, cardId: number): Promise<CardPayload> {
  const card = await findOwnCard(userId, cardId);
  const db = await getDb();
  await setAccountDefaultCard(db, userId, card.id);
  return serializeCard(card, card.id);
}

/** Removes a card (the provider lets go of it); the default moves to the newest card left. */
export async function deleteCard(userId: number, cardId: number): Promise<void> {
  const card = await findOwnCard(userId, cardId);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [me] = await tx.select({ default_card_id: users.default_card_id }).from(users).where(eq(users.id, userId)).for('update');
    await tx.delete(cards).where(eq(cards.id, card.id));
    if (me?.default_card_id === card.id) {
      const [next] = await tx
        .select({ id: cards.id })
        .from(cards)
        .where(and(eq(cards.user_id, userId), eq(cards.engine, card.engine)))
        .orderBy(desc(cards.created_at), asc(cards.id))
        .limit(1);
      await setAccountDefaultCard(tx, userId, next?.id ?? null);
    }
  });
  // The card is gone from our side either way; a provider that cannot be reached keeps a detached-later method.
  if (card.provider_id) await (await paymentProvider()).removeCard(card.provider_id).catch(() => undefined);
}
