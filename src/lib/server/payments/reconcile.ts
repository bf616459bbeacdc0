/**
 * The reconciliation (issue 33): the ledger compared with the provider's own records (read through the
 * provider interface: the embedded provider's books, or Stripe's payment intents, refunds and
 * transfers) over a window of days. Every difference is recorded as a discrepancy of the run and
 * shown to admins at /admin: a charge, refund or payout on one side only, a different amount or
 * currency, refunds of a charge above what it captured. A record younger than a few minutes is left
 * for the next run (the ledger is written just after the provider answers). Nothing here moves money.
 * Runs daily (the `payments.reconcile` schedule), from `npm run reconcile`, and from /admin.
 */
import { and, eq, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { config } from '../config';
import { getDb, qualified, paymentDiscrepancies, reconciliations, transactions } from '../db';
import { formatMoney } from '../../format/money';
import { recordDiscrepancy, reconciliationView, type NewDiscrepancy, type ReconciliationView } from './discrepancies';
import { paymentProvider } from './provider';

/** How far back a run looks by default. */
export const RECONCILE_DAYS = 35;
/** Records younger than this are not yet expected on the other side. */
const SETTLING_MS = 10 * 60_000;
const CURRENCY = 'usd';
const DAY_MS = 86_400_000;

type Difference = Omit<NewDiscrepancy, 'source' | 'reconciliation_id'>;

export interface ReconcileResult {
  reconciliation: ReconciliationView;
  differences: Difference[];
}

/** Compares the ledger with the provider's records since `days` days ago; records and answers every difference. */
export async function reconcilePayments(
  options: { trigger: 'schedule' | 'command' | 'admin'; days?: number } = { trigger: 'command' },
): Promise<ReconcileResult> {
  const db = await getDb();
  const provider = await paymentProvider();
  const startedAt = new Date();
  const since = new Date(startedAt.getTime() - (options.days ?? RECONCILE_DAYS) * DAY_MS);
  const settled = (d: Date) => d.getTime() < startedAt.getTime() - SETTLING_MS;
  const [run] = await db.insert(reconciliations).values({ trigger: options.trigger, engine: provider.engine, since }).returning();

  try {
    // The provider's records start a day earlier: a ledger row is written just after the provider's.
    const records = await provider.listRecords(new Date(since.getTime() - DAY_MS));
    const ledger = await db
      .select()
      .from(transactions)
      .where(and(inArray(transactions.kind, ['charge', 'refund', 'payout']), isNotNull(transactions.provider_ref), gte(transactions.created_at, since)));
    const differences: Difference[] = [];
    const add = (d: Difference) => differences.push(d);

    // Charges.
    const charges = new Map(records.charges.map((c) => [c.id, c]));
    const ledgerCharges = ledger.filter((t) => t.kind === 'charge');
    const chargeRefs = new Set(ledgerCharges.map((t) => t.provider_ref!));
    for (const t of ledgerCharges) {
      const p = charges.get(t.provider_ref!);
      const expected = { transaction: t.code, amount: t.fee, currency: CURRENCY };
      if (!p) {
        add({
          kind: 'missing_at_provider',
          provider_ref: t.provider_ref,
          expected,
          received: {},
          reason: `The ledger's charge ${t.code} (${formatMoney(t.fee)}) is not among the provider's captured payments.`,
        });
        continue;
      }
      const received = { amount: p.amount, captured: p.captured, currency: p.currency };
      if (p.currency.toLowerCase() !== CURRENCY)
        add({
          kind: 'currency_mismatch',
          provider_ref: p.id,
          expected,
          received,
          reason: `${t.code} is in USD; the provider's ${p.id} is in ${p.currency.toUpperCase()}.`,
        });
      else if (p.captured !== t.fee || p.amount !== t.fee)
        add({
          kind: 'amount_mismatch',
          provider_ref: p.id,
          expected,
          received,
          reason: `${t.code} is ${formatMoney(t.fee)}; the provider captured ${formatMoney(p.captured)} as ${p.id}.`,
        });
    }
    for (const p of records.charges)
      if (p.created >= since && settled(p.created) && !chargeRefs.has(p.id))
        add({
          kind: 'missing_in_ledger',
          provider_ref: p.id,
          expected: {},
          received: { amount: p.amount, captured: p.captured, currency: p.currency, metadata: p.metadata },
          reason: `The provider captured ${formatMoney(p.captured)} as ${p.id}, which the ledger does not have.`,
        });

    // Refunds.
    const refunds = new Map(records.refunds.map((r) => [r.id, r]));
    const ledgerRefunds = ledger.filter((t) => t.kind === 'refund');
    const refundRefs = new Set(ledgerRefunds.map((t) => t.provider_ref!));
    for (const t of ledgerRefunds) {
      const p = refunds.get(t.provider_ref!);
      const expected = { transaction: t.code, amount: t.fee, charge: (t.meta as { charge_code?: string }).charge_code ?? null };
      // A refund recorded from a webhook without the provider's refund id cannot be matched one by one; its charge's total is checked below.
      if (!p && (t.meta as { external?: boolean }).external && t.provider_ref!.includes(':')) continue;
      if (!p) {
        add({
          kind: 'missing_at_provider',
          provider_ref: t.provider_ref,
          expected,
          received: {},
          reason: `The ledger's refund ${t.code} (${formatMoney(t.fee)}) is not among the provider's refunds.`,
        });
        continue;
      }
      if (p.amount !== t.fee || p.currency.toLowerCase() !== CURRENCY)
        add({
          kind: 'amount_mismatch',
          provider_ref: p.id,
          expected,
          received: { amount: p.amount, currency: p.currency, status: p.status },
          reason: `${t.code} refunds ${formatMoney(t.fee)}; the provider's ${p.id} is ${formatMoney(p.amount)} ${p.currency.toUpperCase()}.`,
        });
    }
    for (const p of records.refunds)
      if (p.created >= since && settled(p.created) && p.status === 'succeeded' && !refundRefs.has(p.id))
        add({
          kind: 'missing_in_ledger',
          provider_ref: p.id,
          expected: {},
          received: { amount: p.amount, currency: p.currency, charge: p.charge_id },
          reason: `The provider refunded ${formatMoney(p.amount)} of ${p.charge_id} as ${p.id}, which the ledger does not have.`,
        });

    // No charge refunded beyond what it captured, in the ledger or at the provider.
    const ledgerRefunded = await db
      .select({
        charge: transactions,
        refunded: sql<string>`(select coalesce(sum(r.fee), 0) from ${transactions} r where r.kind = 'refund' and r.meta->>'charge_id' = ${qualified(transactions.id)}::text)`,
      })
      .from(transactions)
      .where(and(eq(transactions.kind, 'charge'), gte(transactions.created_at, since)));
    const providerRefunded = new Map<string, number>();
    for (const r of records.refunds) if (r.status === 'succeeded') providerRefunded.set(r.charge_id, (providerRefunded.get(r.charge_id) ?? 0) + r.amount);
    for (const { charge, refunded } of ledgerRefunded) {
      const inLedger = Number(refunded);
      const atProvider = charge.provider_ref ? (providerRefunded.get(charge.provider_ref) ?? 0) : 0;
      if (inLedger > charge.fee || atProvider > charge.fee)
        add({
          kind: 'refund_exceeds_charge',
          provider_ref: charge.provider_ref,
          expected: { transaction: charge.code, captured: charge.fee },
          received: { refunded_in_ledger: inLedger, refunded_at_provider: atProvider },
          reason: `${charge.code} captured ${formatMoney(charge.fee)} but ${formatMoney(Math.max(inLedger, atProvider))} was refunded.`,
        });
    }

    // Payouts sent through the provider (PayPal Payouts, when configured, keeps its own records).
    const viaProvider = (method: unknown) => !(method === 'paypal' && config().payments.paypalPayouts);
    const payouts = new Map(records.payouts.filter((p) => p.reference).map((p) => [p.reference!, p]));
    const ledgerPayouts = ledger.filter((t) => t.kind === 'payout' && t.reference_type === 'payout' && viaProvider((t.meta as { method?: string }).method));
    const payoutKeys = new Set(ledgerPayouts.map((t) => `cuepoint-payout-${t.reference_id}`));
    for (const t of ledgerPayouts) {
      const key = `cuepoint-payout-${t.reference_id}`;
      const p = payouts.get(key);
      const expected = { transaction: t.code, amount: t.fee, currency: CURRENCY };
      if (!p)
        add({
          kind: 'missing_at_provider',
          provider_ref: t.provider_ref,
          expected,
          received: {},
          reason: `The ledger's payout ${t.code} (${formatMoney(t.fee)}) is not among the provider's transfers.`,
        });
      else if (p.amount !== t.fee || p.currency.toLowerCase() !== CURRENCY)
        add({
          kind: 'amount_mismatch',
          provider_ref: p.id,
          expected,
          received: { amount: p.amount, currency: p.currency, destination: p.destination },
          reason: `${t.code} paid out ${formatMoney(t.fee)}; the provider moved ${formatMoney(p.amount)} as ${p.id}.`,
        });
    }
    for (const p of records.payouts)
      if (p.created >= since && settled(p.created) && p.reference?.startsWith('cuepoint-payout-') && !payoutKeys.has(p.reference))
        add({
          kind: 'missing_in_ledger',
          provider_ref: p.id,
          expected: {},
          received: { amount: p.amount, currency: p.currency, destination: p.destination, reference: p.reference },
          reason: `The provider paid out ${formatMoney(p.amount)} as ${p.id} (${p.reference}), which the ledger does not have.`,
        });

    const finished = await db.transaction(async (tx) => {
      // The differences of earlier runs are replaced by this run's list (a difference still there is listed again).
      await tx
        .update(paymentDiscrepancies)
        .set({ resolved_at: new Date() })
        .where(
          and(eq(paymentDiscrepancies.source, 'reconciliation'), isNull(paymentDiscrepancies.resolved_at), lt(paymentDiscrepancies.reconciliation_id, run!.id)),
        );
      for (const d of differences) await recordDiscrepancy({ ...d, source: 'reconciliation', reconciliation_id: run!.id }, tx);
      const [row] = await tx
        .update(reconciliations)
        .set({
          status: 'succeeded',
          finished_at: new Date(),
          differences: differences.length,
          checked: {
            charges: ledgerCharges.length,
            refunds: ledgerRefunds.length,
            payouts: ledgerPayouts.length,
            provider_records: records.charges.length + records.refunds.length + records.payouts.length,
          },
        })
        .where(eq(reconciliations.id, run!.id))
        .returning();
      return row!;
    });
    return { reconciliation: reconciliationView(finished), differences };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db.update(reconciliations).set({ status: 'failed', finished_at: new Date(), error: message }).where(eq(reconciliations.id, run!.id));
    throw error;
  }
}
