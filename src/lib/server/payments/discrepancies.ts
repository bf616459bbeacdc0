/**
 * Discrepancies (issue 33): what a provider told us that did not match what we asked of it (a
 * webhook's amount, currency, attempt or hirings), a refund that would exceed its charge, and every
 * difference a reconciliation found between the ledger and the provider's records. Each is recorded
 * here with what we expected, what the provider said and why it was refused, and shown to admins at
 * /admin. Recording one never moves money; an admin marks it resolved once they have dealt with it.
 */
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { getDb, type Db, type Tx, paymentDiscrepancies, reconciliations, users } from '../db';
import { HttpError } from '../http';
import type { DiscrepancyItem, ReconciliationRun } from '../../payments';

export type DiscrepancyRow = typeof paymentDiscrepancies.$inferSelect;
export type NewDiscrepancy = Omit<typeof paymentDiscrepancies.$inferInsert, 'id' | 'created_at' | 'resolved_at' | 'resolved_by'>;

/** Records one discrepancy (once per webhook event); answers it, or null when that event was already recorded. */
export async function recordDiscrepancy(entry: NewDiscrepancy, conn?: Db | Tx): Promise<DiscrepancyRow | null> {
  const db = conn ?? (await getDb());
  const [row] = await db.insert(paymentDiscrepancies).values(entry).onConflictDoNothing().returning();
  if (row) console.warn(`[cuepoint] payment discrepancy (${entry.kind}): ${entry.reason}`);
  return row ?? null;
}

export type DiscrepancyView = DiscrepancyItem;
export type ReconciliationView = ReconciliationRun;

const view = (r: DiscrepancyRow, resolver: string | null): DiscrepancyView => ({
  id: r.id,
  source: r.source,
  kind: r.kind,
  provider_ref: r.provider_ref,
  event_id: r.event_id,
  event_type: r.event_type,
  reconciliation_id: r.reconciliation_id,
  expected: r.expected,
  received: r.received,
  reason: r.reason,
  created_at: r.created_at.toISOString(),
  resolved_at: r.resolved_at?.toISOString() ?? null,
  resolved_by_name: resolver,
});

export const reconciliationView = (r: typeof reconciliations.$inferSelect): ReconciliationView => ({
  id: r.id,
  trigger: r.trigger,
  engine: r.engine,
  since: r.since.toISOString(),
  status: r.status,
  checked: r.checked,
  differences: r.differences,
  error: r.error,
  started_at: r.started_at.toISOString(),
  finished_at: r.finished_at?.toISOString() ?? null,
});

/** What the admin's money section shows: open discrepancies (newest first, at most `limit`), how many are open, and the latest reconciliations. */
export async function paymentDiscrepanciesOverview(
  limit = 50,
): Promise<{ open: DiscrepancyView[]; open_total: number; reconciliations: ReconciliationView[] }> {
  const db = await getDb();
  const rows = await db
    .select({ d: paymentDiscrepancies, resolver: sql<string | null>`null` })
    .from(paymentDiscrepancies)
    .where(isNull(paymentDiscrepancies.resolved_at))
    .orderBy(desc(paymentDiscrepancies.created_at), desc(paymentDiscrepancies.id))
    .limit(limit);
  const [total] = await db.select({ n: count() }).from(paymentDiscrepancies).where(isNull(paymentDiscrepancies.resolved_at));
  const runs = await db.select().from(reconciliations).orderBy(desc(reconciliations.started_at), desc(reconciliations.id)).limit(5);
  return { open: rows.map((r) => view(r.d, r.resolver)), open_total: Number(total?.n ?? 0), reconciliations: runs.map(reconciliationView) };
}

/** Every discrepancy, open or not, newest first (GET /api/admin/payments/discrepancies). */
export async function listDiscrepancies(
  options: { status?: 'open' | 'resolved' | 'all'; reconciliationId?: number; limit?: number } = {},
): Promise<DiscrepancyView[]> {
  const db = await getDb();
  const status = options.status ?? 'open';
  const rows = await db
    .select({ d: paymentDiscrepancies, resolver: sql<string | null>`nullif(trim(${users.first_name} || ' ' || ${users.last_name}), '')` })
    .from(paymentDiscrepancies)
    .leftJoin(users, eq(users.id, paymentDiscrepancies.resolved_by))
    .where(
      and(
        status === 'open' ? isNull(paymentDiscrepancies.resolved_at) : status === 'resolved' ? sql`${paymentDiscrepancies.resolved_at} is not null` : undefined,
        options.reconciliationId ? eq(paymentDiscrepancies.reconciliation_id, options.reconciliationId) : undefined,
      ),
    )
    .orderBy(desc(paymentDiscrepancies.created_at), desc(paymentDiscrepancies.id))
    .limit(Math.min(options.limit ?? 200, 500));
  return rows.map((r) => view(r.d, r.resolver));
}

/** An admin marks a discrepancy dealt with (it stays on record); answers it. Changes no money. */
export async function resolveDiscrepancy(adminUserId: number, id: number): Promise<DiscrepancyView> {
  const db = await getDb();
  const [row] = await db
    .update(paymentDiscrepancies)
    .set({
      resolved_at: sql`coalesce(${paymentDiscrepancies.resolved_at}, now())`,
      resolved_by: sql`coalesce(${paymentDiscrepancies.resolved_by}, ${adminUserId})`,
    })
    .where(eq(paymentDiscrepancies.id, id))
    .returning();
  if (!row) throw new HttpError(404, 'No such discrepancy.');
  return view(row, null);
}
