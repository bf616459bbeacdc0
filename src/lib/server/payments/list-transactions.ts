/**
 * The signed-in user's own ledger rows (issue 11 §5): a brand's charges and refunds, a podcaster's
 * releases and payouts, newest first, with the hiring and campaign each belongs to.
 */
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { getDb } from '../db/client';
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

/** Ledger rows as the API sends them, with campaign and podcast titles. */
export async function serializeTransactions(rows: TransactionRow[]): Promise<TransactionPayload[]> {
  if (rows.length === 0) return [];
  const db = await getDb();
  const campaignIds = [...new Set(rows.map((r) => r.campaign_id).filter((id): id is number => id !== null))];
  const hiringIds = [...new Set(rows.map((r) => r.hiring_id).filter((id): id is number => id !== null))];
  const [camps, hires] = await Promise.all([
    campaignIds.length ? db.select({ id: campaigns.id, title: campaigns.title }).from(campaigns).where(inArray(campaigns.id, campaignIds)) : [],
    hiringIds.length
      ? db
          .select({ id: hirings.id, podcast: podcasts.title })
          .from(hirings)
          .innerJoin(podcasts, eq(podcasts.id, hirings.podcast_id))
          .where(inArray(hirings.id, hiringIds))
      : [],
  ]);
  return rows.map((r) => ({
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
    campaign_title: camps.find((c) => c.id === r.campaign_id)?.title ?? null,
    podcast_title: hires.find((h) => h.id === r.hiring_id)?.podcast ?? null,
    meta: r.meta,
    created_at: r.created_at.toISOString(),
  }));
}

/** A page of the user's transactions, newest first. */
export async function listTransactions(
  userId: number,
  query: z.infer<typeof transactionsQuery>,
  path = '/api/transactions',
): Promise<Paginated<TransactionPayload>> {
  const db = await getDb();
  const where = and(eq(transactions.user_id, userId), query.kind ? eq(transactions.kind, query.kind) : undefined);
  const [total] = await db.select({ n: count() }).from(transactions).where(where);
  const lastPage = Math.max(1, Math.ceil((total?.n ?? 0) / query.per_page));
  const page = Math.min(query.page, lastPage);
  const rows = await db
    .select()
    .from(transactions)
    .where(where)
    .orderBy(desc(transactions.created_at), desc(transactions.id))
    .limit(query.per_page)
    .offset((page - 1) * query.per_page);
  const extra: Record<string, string> = { per_page: String(query.per_page), ...(query.kind ? { kind: query.kind } : {}) };
  return paginate(await serializeTransactions(rows), total?.n ?? 0, page, query.per_page, path, extra);
}

/** One of the user's transactions by its code (a receipt), or a 404. */
export async function findOwnTransaction(userId: number, code: string): Promise<TransactionPayload> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.user_id, userId), eq(transactions.code, code)));
  if (!row) throw notFound();
  return (await serializeTransactions([row]))[0]!;
}
