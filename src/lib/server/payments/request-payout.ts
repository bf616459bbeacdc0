/**
 * Payouts (issue 11 §6, issue 33): the amount the podcaster asks for (all of the available balance
 * when none is given) goes to the connected payout method (a Stripe Connect transfer and payout, or
 * PayPal Payouts; the embedded provider records it in test mode). Phase 1 locks the user row,
 * computes the balance, refuses an amount above it (422 on `amount`) and records the request (so a
 * second request sees only what is left); phase 2 asks the provider with the request's idempotency
 * key; phase 3 writes the payout to the ledger, or marks the request failed so the money is
 * available again. The same money is never paid twice.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { config } from '../config';
import { getDb, payoutRequests, users } from '../db';
import { fieldError, HttpError, validate } from '../http';
import { notify } from '../notifications';
import { queueMail, renderMail } from '../mail';
import type { SessionUser } from '../users';
import { formatMoney } from '../../format/money';
import type { TransactionPayload } from '../../payments';
import { earningsFigures } from './earnings';
import { appendTransaction } from './ledger';
import { paypalPayout } from './paypal-payouts';
import { PayoutRefused, paymentProvider } from './provider';
import { serializeTransactions } from './list-transactions';

export const PAYOUT_FAILED = 'The payout could not be completed. Nothing was paid out.';

/** "Stripe account ••••1234" / "PayPal account ••••5678". */
export function payoutMethodLabel(method: { provider: 'stripe' | 'paypal'; account_id: string }): string {
  return `${method.provider === 'stripe' ? 'Stripe' : 'PayPal'} account ••••${method.account_id.slice(-4)}`;
}

/** Sends money to the method through the engine configured for it. */
async function send(method: 'stripe' | 'paypal', destination: string, amount: number, key: string): Promise<string> {
  const note = 'Your Cuepoint earnings';
  const engine = config().payments.engine;
  if (method === 'paypal' && config().payments.paypalPayouts) return (await paypalPayout({ amount, payerId: destination, idempotencyKey: key, note })).id;
  if (method === 'paypal' && engine !== 'embedded') throw new PayoutRefused('PayPal payouts are not set up on this server. Connect a Stripe account instead.');
  return (await (await paymentProvider()).payout({ amount, destination, idempotencyKey: key, description: note })).id;
}

export const payoutSchema = z.object({
  amount: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ error: 'The amount must be a number of cents.' })
      .int('The amount must be a whole number of cents.')
      .min(1, 'The amount must be at least 1 cent.')
      .max(100_000_000_000, 'The amount is too large.')
      .optional(),
  ),
});

/** Pays out the amount asked (the whole available balance when none is); answers the payout's ledger row. */
export async function requestPayout(user: SessionUser, body: unknown = {}): Promise<TransactionPayload> {
  const input = validate(payoutSchema, body ?? {});
  const db = await getDb();
  const request = await db.transaction(async (tx) => {
    const [me] = await tx.select({ connect: users.payouts_connect }).from(users).where(eq(users.id, user.id)).for('update');
    const connect = me?.connect;
    if (!connect) throw fieldError('payout_method', 'Connect a payout method before asking for a payout.');
    const { available } = await earningsFigures(user.id, tx);
    if (available <= 0) throw fieldError('amount', 'There is nothing to pay out yet.');
    const amount = input.amount ?? available;
    if (amount > available) throw fieldError('amount', `The amount must not be more than your available balance of ${formatMoney(available)}.`);
    const [row] = await tx.insert(payoutRequests).values({ user_id: user.id, amount, method: connect.provider, destination: connect.account_id }).returning();
    return row!;
  });

  let providerRef: string;
  try {
    providerRef = await send(request.method, request.destination, request.amount, `cuepoint-payout-${request.id}`);
  } catch (error) {
    await db
      .update(payoutRequests)
      .set({ status: 'failed', error: error instanceof Error ? error.message : String(error) })
      .where(eq(payoutRequests.id, request.id));
    if (error instanceof PayoutRefused) throw fieldError('payout_method', error.message);
    console.error('[cuepoint] payout failed', error);
    throw new HttpError(502, PAYOUT_FAILED);
  }

  const entry = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(payoutRequests).where(eq(payoutRequests.id, request.id)).for('update');
    const row = await appendTransaction(tx, {
      kind: 'payout',
      user_id: user.id,
      fee: locked!.amount,
      is_balance: true,
      status: 'paid',
      source: payoutMethodLabel({ provider: locked!.method, account_id: locked!.destination }),
      reference_type: 'payout',
      reference_id: locked!.id,
      provider_ref: providerRef,
      meta: { method: locked!.method },
    });
    await tx.update(payoutRequests).set({ status: 'succeeded', provider_ref: providerRef, transaction_id: row.id }).where(eq(payoutRequests.id, request.id));
    return row;
  });

  const text = `${formatMoney(entry.fee)} is on its way to your ${entry.source}.`;
  await notify(user.id, { type: 'payout.paid', title: 'Payout sent', description: text, link_type: 'earnings', link: '/settings/earnings' });
  await queueMail(
    renderMail({
      to: user.row.email,
      subject: `Payout ${entry.code}: ${formatMoney(entry.fee)}`,
      greeting: `Hi ${user.row.first_name || 'there'},`,
      lines: [text, `Reference: ${entry.code}.`],
      action: { label: 'See your earnings', url: `${config().appUrl}/settings/earnings` },
    }),
  );
  return (await serializeTransactions([entry]))[0]!;
}
