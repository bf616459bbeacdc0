/**
 * POST /webhooks/stripe (issue 11 §7, issue 33): the event's signature is checked with
 * `stripe.webhooks.constructEvent` and STRIPE_WEBHOOK_SECRET (anything unsigned or badly signed is a
 * 400 that changes nothing). A signed event is then believed only as far as it matches what we asked
 * of the provider: a payment intent's amount, amount received, currency, attempt, brand and hirings
 * must be those of our funding attempt; a refunded charge must be one of ours, for the amount we
 * captured, and never refunded beyond it. Anything else is recorded as a discrepancy for admins
 * (/admin) and moves nothing. A matching event is applied idempotently: one seen before, or whose
 * effect is already in the ledger, changes nothing.
 */
import Stripe from 'stripe';
import { and, eq } from 'drizzle-orm';
import { config } from '../config';
import { getDb, transactions, webhookEvents } from '../db';
import { HttpError } from '../http';
import { recordDiscrepancy } from './discrepancies';
import { applyFunding, failFunding, findFundAttempt, type FundAttemptRow } from './fund-hirings';
import { appendTransaction } from './ledger';
import { lockCharge, refundedOf } from './refund-job-funds';

export interface WebhookResult {
  received: true;
  type: string;
  /** False for an event seen before, one that had nothing left to change, or one that did not match (then `discrepancy` is set). */
  applied: boolean;
  /** The recorded discrepancy's id when the event did not match what we asked of the provider. */
  discrepancy?: number;
}

/** The currency every amount of ours is in. */
const CURRENCY = 'usd';

const attemptOf = (metadata: Record<string, string> | null | undefined) => {
  const id = Number(metadata?.attempt_id);
  return Number.isInteger(id) && id > 0 ? id : null;
};

interface Outcome {
  applied: boolean;
  /** Set when the event did not match: why, with what we expected and what was received. */
  refused?: { kind: string; reason: string; expected: Record<string, unknown>; received: Record<string, unknown>; provider_ref: string | null };
}

/** What an intent says, for the record. */
const intentSays = (intent: Stripe.PaymentIntent) => ({
  id: intent.id,
  amount: intent.amount,
  amount_received: intent.amount_received,
  currency: intent.currency,
  status: intent.status,
  metadata: intent.metadata ?? {},
});

/** What we asked of the provider for an attempt. */
const attemptAsked = (attempt: FundAttemptRow) => ({
  attempt_id: attempt.id,
  amount: attempt.amount,
  currency: CURRENCY,
  brand_user_id: attempt.brand_user_id,
  hiring_ids: attempt.hiring_ids,
  payment_intent: attempt.provider_ref,
});

/** Why an intent is not the charge we asked for this attempt, or null when it is. */
function intentMismatch(attempt: FundAttemptRow, intent: Stripe.PaymentIntent, succeeded: boolean): { kind: string; reason: string } | null {
  const m = intent.metadata ?? {};
  if (attempt.amount <= 0) return { kind: 'unexpected_charge', reason: `Funding attempt ${attempt.id} asked for no charge, yet the provider reports one.` };
  if (attempt.provider_ref && attempt.provider_ref !== intent.id)
    return { kind: 'intent_mismatch', reason: `Funding attempt ${attempt.id} was charged as ${attempt.provider_ref}, not ${intent.id}.` };
  if (String(intent.currency ?? '').toLowerCase() !== CURRENCY)
    return { kind: 'currency_mismatch', reason: `The payment is in ${String(intent.currency ?? 'no currency').toUpperCase()}, we asked for USD.` };
  if (intent.amount !== attempt.amount)
    return { kind: 'amount_mismatch', reason: `The payment is for ${intent.amount ?? 'no'} cents, we asked for ${attempt.amount}.` };
  if (succeeded && (intent.amount_received ?? intent.amount) !== attempt.amount)
    return { kind: 'amount_mismatch', reason: `The provider received ${intent.amount_received} cents of the ${attempt.amount} we asked for.` };
  if (succeeded && intent.status && intent.status !== 'succeeded')
    return { kind: 'status_mismatch', reason: `A payment_intent.succeeded event whose intent is ${intent.status}.` };
  if (m.brand_user_id !== String(attempt.brand_user_id))
    return {
      kind: 'attempt_mismatch',
      reason: `The payment names brand ${m.brand_user_id ?? 'none'}, funding attempt ${attempt.id} is brand ${attempt.brand_user_id}'s.`,
    };
  if (m.hiring_ids !== attempt.hiring_ids.join(','))
    return {
      kind: 'attempt_mismatch',
      reason: `The payment names hirings ${m.hiring_ids ?? 'none'}, funding attempt ${attempt.id} is for ${attempt.hiring_ids.join(',')}.`,
    };
  return null;
}

/** payment_intent.succeeded / payment_failed: applied only when it is the charge we asked for. */
async function onIntent(intent: Stripe.PaymentIntent, succeeded: boolean): Promise<Outcome> {
  const attemptId = attemptOf(intent.metadata);
  const attempt = attemptId ? await findFundAttempt(attemptId) : null;
  if (!attempt) {
    // Not a funding attempt: a charge of ours made in one step (an automated-ads line) must be in the ledger for that amount.
    const db = await getDb();
    const [known] = await db
      .select()
      .from(transactions)
      .where(and(eq(transactions.kind, 'charge'), eq(transactions.provider_ref, intent.id)));
    if (known && known.fee === intent.amount && String(intent.currency).toLowerCase() === CURRENCY) return { applied: false };
    return {
      applied: false,
      refused: {
        kind: known ? 'amount_mismatch' : 'unknown_payment',
        reason: known
          ? `The ledger charged ${known.fee} cents as ${intent.id}; the provider reports ${intent.amount} ${String(intent.currency).toUpperCase()}.`
          : `No funding attempt or ledger charge of ours is ${intent.id}${attemptId ? ` (it names attempt ${attemptId}, which does not exist)` : ''}.`,
        expected: known ? { charge: known.code, amount: known.fee, currency: CURRENCY } : {},
        received: intentSays(intent),
        provider_ref: intent.id,
      },
    };
  }
  const mismatch = intentMismatch(attempt, intent, succeeded);
  if (mismatch) return { applied: false, refused: { ...mismatch, expected: attemptAsked(attempt), received: intentSays(intent), provider_ref: intent.id } };
  if (succeeded) return { applied: (await applyFunding(attempt.id, intent.id))?.applied ?? false };
  return { applied: await failFunding(attempt.id, intent.last_payment_error?.message ?? 'The payment failed.') };
}

/** charge.refunded: records a refund made outside Cuepoint (e.g. in Stripe's dashboard) that the ledger does not have yet, never beyond what was captured. */
async function onRefunded(charge: Stripe.Charge): Promise<Outcome> {
  const intent = typeof charge.payment_intent === 'string' ? charge.payment_intent : (charge.payment_intent?.id ?? null);
  const said = {
    charge: charge.id,
    payment_intent: intent,
    amount: charge.amount,
    amount_captured: charge.amount_captured,
    amount_refunded: charge.amount_refunded,
    currency: charge.currency,
  };
  const db = await getDb();
  return db.transaction(async (tx): Promise<Outcome> => {
    const [found] = intent
      ? await tx
          .select({ id: transactions.id })
          .from(transactions)
          .where(and(eq(transactions.kind, 'charge'), eq(transactions.provider_ref, intent)))
      : [];
    const ours = found ? await lockCharge(tx, found.id) : null;
    if (!ours)
      return {
        applied: false,
        refused: {
          kind: 'unknown_payment',
          reason: `No ledger charge of ours is ${intent ?? charge.id}.`,
          expected: {},
          received: said,
          provider_ref: intent ?? charge.id,
        },
      };
    const asked = { charge: ours.code, payment_intent: ours.provider_ref, captured: ours.fee, currency: CURRENCY };
    const captured = charge.amount_captured ?? charge.amount;
    if (String(charge.currency ?? '').toLowerCase() !== CURRENCY)
      return {
        applied: false,
        refused: {
          kind: 'currency_mismatch',
          reason: `The refunded charge is in ${String(charge.currency ?? 'no currency').toUpperCase()}, ${ours.code} is in USD.`,
          expected: asked,
          received: said,
          provider_ref: intent,
        },
      };
    if (charge.amount !== ours.fee || captured !== ours.fee)
      return {
        applied: false,
        refused: {
          kind: 'amount_mismatch',
          reason: `The provider's charge is ${captured} cents captured of ${charge.amount}; ${ours.code} is ${ours.fee}.`,
          expected: asked,
          received: said,
          provider_ref: intent,
        },
      };
    if (!Number.isInteger(charge.amount_refunded) || charge.amount_refunded < 0 || charge.amount_refunded > ours.fee)
      return {
        applied: false,
        refused: {
          kind: 'refund_exceeds_charge',
          reason: `The provider reports ${charge.amount_refunded} cents refunded of ${ours.code}, which captured ${ours.fee}.`,
          expected: asked,
          received: said,
          provider_ref: intent,
        },
      };
    const missing = charge.amount_refunded - (await refundedOf(tx, ours.id));
    if (missing <= 0) return { applied: false };
    await appendTransaction(tx, {
      kind: 'refund',
      user_id: ours.user_id,
      fee: missing,
      status: 'succeeded',
      source: ours.source,
      reference_type: 'transaction',
      reference_id: ours.id,
      hiring_id: ours.hiring_id,
      campaign_id: ours.campaign_id,
      provider_ref: charge.refunds?.data?.[0]?.id ?? `${charge.id}:${charge.amount_refunded}`,
      meta: { charge_code: ours.code, charge_id: ours.id, external: true },
    });
    return { applied: true };
  });
}

/** Verifies and applies one Stripe event. */
export async function handleStripeWebhook(payload: string, signature: string | null): Promise<WebhookResult> {
  const secret = config().payments.stripe.webhookSecret;
  if (!secret) throw new HttpError(400, 'Stripe webhooks are not configured on this server (STRIPE_WEBHOOK_SECRET).');
  if (!signature) throw new HttpError(400, 'The Stripe-Signature header is missing.');
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(payload, signature, secret);
  } catch {
    throw new HttpError(400, 'The webhook signature is not valid.');
  }
  const db = await getDb();
  const [seen] = await db.select().from(webhookEvents).where(eq(webhookEvents.id, event.id));
  if (seen) return { received: true, type: event.type, applied: false };

  let outcome: Outcome = { applied: false };
  switch (event.type) {
    case 'payment_intent.succeeded':
      outcome = await onIntent(event.data.object, true);
      break;
    case 'payment_intent.payment_failed':
      outcome = await onIntent(event.data.object, false);
      break;
    case 'charge.refunded':
      outcome = await onRefunded(event.data.object);
      break;
    default:
      break;
  }
  let discrepancy: number | undefined;
  if (outcome.refused) {
    const row = await recordDiscrepancy({ source: 'webhook', event_id: event.id, event_type: event.type, ...outcome.refused });
    discrepancy = row?.id;
  }
  await db.insert(webhookEvents).values({ id: event.id, type: event.type }).onConflictDoNothing();
  return { received: true, type: event.type, applied: outcome.applied, ...(discrepancy ? { discrepancy } : {}) };
}
