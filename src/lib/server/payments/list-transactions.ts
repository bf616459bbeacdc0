/**
 * The signed-in user's own ledger rows (issue 11 §5): a brand's charges and refunds, a podcaster's
 * releases and payouts, newest first, with the hiring and campaign each belongs to.
 */
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { getDb } from '../db/client';
import { windowTotal } from '../db/window-total';
import { campaigns, hirings, podcasts, transactions } from '../db/schema';
import { notFound } from '../http';
import { paginate, type Paginated } from '../../paginate';
import type { TransactionPayload } from '../../payments';
import type { TransactionRow } from './ledger';

export const transactionsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  kind: z.enum(['charge', 'refund', 'release', 'payout']).optional(),
});

type Titles = { campaign_title: string | null; podcast_title: string | null };

function payload(r: TransactionRow, titles: Titles): TransactionPayload {
  return {
    id: r.id,
    code: r.code,
    kind: r.kind,
    fee: r.fee,
    service_fee: r.service_fee,
    is_balance: r.is_balance,
    status: r.status,
    source: r.source,
    reference_type: r.reference_type,
    reference_id: r.reference_id,
    hiring_id: r.hiring_id,
    campaign_id: r.campaign_id,
    campaign_title: titles.campaign_title,
    podcast_title: titles.podcast_title,
    meta: r.meta,
    created_at: r.created_at.toISOString(),
  };
}

/** Ledger rows a write has just made, as the API sends them, with their campaign and podcast titles. */
export async function serializeTransactions(rows: TransactionRow[]): Promise<TransactionPayload[]> {
  if (rows.length === 0) return [];
  const titled = await readTitled(
    inArray(
      transactions.id,
      rows.map((r) => r.id),
    ),
    rows.length,
    0,
  );
  return rows.map((r) => payload(r, titled.find((t) => t.row.id === r.id) ?? { campaign_title: null, podcast_title: null }));
}

/** Ledger rows read with their titles (and the count of every row the filter matches) in one statement. */
async function readTitled(where: SQL | undefined, limit: number, offset: number) {
  const db = await getDb();
  const rows = await db
    .select({ row: transactions, campaign_title: campaigns.title, podcast_title: podcasts.title, total: sql<number>`count(*) over ()` })
    .from(transactions)
    .leftJoin(campaigns, eq(campaigns.id, transactions.campaign_id))
    .leftJoin(hirings, eq(hirings.id, transactions.hiring_id))
    .leftJoin(podcasts, eq(podcasts.id, hirings.podcast_id))
    .where(where)
    .orderBy(desc(transactions.created_at), desc(transactions.id))
    .limit(limit)
    .offset(offset);
  return rows;
}

/** A page of the user's transactions, newest first (one statement; a page past the end shows the last page). */
export async function listTransactions(
  userId: number,
  query: z.infer<typeof transactionsQuery>,
  path = '/api/transactions',
): Promise<Paginated<TransactionPayload>> {
  const db = await getDb();
  const where = and(eq(transactions.user_id, userId), query.kind ? eq(transactions.kind, query.kind) : undefined);
  let page = query.page;
  let rows = await readTitled(where, query.per_page, (page - 1) * query.per_page);
  let total = await windowTotal(rows, page, async () => Number((await db.select({ n: count() }).from(transactions).where(where))[0]?.n ?? 0));
  const lastPage = Math.max(1, Math.ceil(total / query.per_page));
  if (page > lastPage) {
    page = lastPage;
    rows = total ? await readTitled(where, query.per_page, (page - 1) * query.per_page) : [];
    total = rows.length ? Number(rows[0]!.total) : total;
  }
  const extra: Record<string, string> = { per_page: String(query.per_page), ...(query.kind ? { kind: query.kind } : {}) };
  return paginate(
    rows.map((r) => payload(r.row, r)),
    total,
    page,
    query.per_page,
    path,
    extra,
  );
}

/** One of the user's transactions by its code (a receipt), or a 404. */
export async function findOwnTransaction(userId: number, code: string): Promise<TransactionPayload> {
  const [found] = await readTitled(and(eq(transactions.user_id, userId), eq(transactions.code, code)), 1, 0);
  if (!found) throw notFound();
  return payload(found.row, found);
}
