/**
 * POST /webhooks/stripe (issue 11 §7): the event's signature is checked with
 * `stripe.webhooks.constructEvent` and STRIPE_WEBHOOK_SECRET (anything unsigned or badly signed is a
 * 400 that changes nothing); then payment_intent.succeeded, payment_intent.payment_failed and
 * charge.refunded are applied idempotently: an event seen before, or one whose effect is already in
 * the ledger, changes nothing.
 */
import Stripe from 'stripe';
import { and, eq, ne, sql } from 'drizzle-orm';
import { config } from '../config';
import { getDb } from '../db/client';
import { refundRequests, transactions, webhookEvents } from '../db/schema';
import { HttpError } from '../http';
import { applyFunding, failFunding } from './fund-hirings';
import { appendTransaction } from './ledger';

export interface WebhookResult {
  received: true;
  type: string;
  /** False for an event seen before or one that had nothing left to change. */
  applied: boolean;
}

const attemptOf = (metadata: Record<string, string> | null | undefined) => {
  const id = Number(metadata?.attempt_id);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** Records a refund made outside Cuepoint (e.g. in Stripe's dashboard) that the ledger does not have yet. */
async function applyRefunded(charge: Stripe.Charge): Promise<boolean> {
  const intent = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
  if (!intent) return false;
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [ours] = await tx
      .select()
      .from(transactions)
      .where(and(eq(transactions.kind, 'charge'), eq(transactions.provider_ref, intent)))
      .for('update');
    if (!ours) return false;
    const [known] = await tx
      .select({ n: sql<string>`coalesce(sum(${refundRequests.amount}), 0)` })
      .from(refundRequests)
      .where(and(eq(refundRequests.charge_id, ours.id), ne(refundRequests.status, 'failed')));
    const [external] = await tx
      .select({ n: sql<string>`coalesce(sum(${transactions.fee}), 0)` })
      .from(transactions)
      .where(
        and(
          eq(transactions.kind, 'refund'),
          sql`${transactions.meta}->>'charge_id' = ${String(ours.id)}`,
          sql`${transactions.job_id} is null`,
          sql`${transactions.meta}->>'external' = 'true'`,
        ),
      );
    const missing = charge.amount_refunded - Number(known?.n ?? 0) - Number(external?.n ?? 0);
    if (missing <= 0) return false;
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
    return true;
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

  let applied = false;
  switch (event.type) {
    case 'payment_intent.succeeded': {
      const attempt = attemptOf(event.data.object.metadata);
      if (attempt) applied = (await applyFunding(attempt, event.data.object.id))?.applied ?? false;
      break;
    }
    case 'payment_intent.payment_failed': {
      const attempt = attemptOf(event.data.object.metadata);
      if (attempt) applied = await failFunding(attempt, event.data.object.last_payment_error?.message ?? 'The payment failed.');
      break;
    }
    case 'charge.refunded':
      applied = await applyRefunded(event.data.object);
      break;
    default:
      break;
  }
  await db.insert(webhookEvents).values({ id: event.id, type: event.type }).onConflictDoNothing();
  return { received: true, type: event.type, applied };
}
