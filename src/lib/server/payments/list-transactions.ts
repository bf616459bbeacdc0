/**
 * The signed-in user's own ledger rows (issue 11 §5): a brand's charges and refunds, a podcaster's
 * releases and payouts, newest first, with the hiring and campaign each belongs to.
 */
import { and, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { getDb, keyset, windowTotal, adLines, campaigns, hirings, jobFunds, podcasts, transactions } from '../db';
import { notFound } from '../http';
import { paginate, type Paginated } from '../../paginate';
import type { TransactionPayload } from '../../payments';
import type { TransactionRow } from './ledger';

export const transactionsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  kind: z.enum(['charge', 'refund', 'release', 'payout']).optional(),
  cursor: z.string().max(2000).optional(),
});

/** Newest first, the id breaking ties (transactions_user_created_idx). */
const order = keyset([
  { column: transactions.created_at, type: 'timestamp' },
  { column: transactions.id, type: 'int' },
]);

type Titles = { campaign_title: string | null; podcast_title: string | null; line_title?: string | null; hire_podcasts?: string[] | null };

/**
 * THE label of what a ledger row paid for, shown on every list and receipt: "Hire · Second Wind
 * Running" (a payment or refund for hires, or a release of one), "Automated line · Autumn Roast
 * jingle" (a line's budget, or impressions billed from it), "Automated ads share · Saltmarsh Radio ·
 * 2026-05", "Payout of your balance".
 */
export function paidFor(r: Pick<TransactionRow, 'kind' | 'reference_type' | 'meta'>, titles: Titles): string {
  const list = (names: string[]) => names.join(', ');
  if (r.kind === 'payout') return 'Payout of your balance';
  if (r.reference_type === 'ad_line') return `Automated line · ${titles.line_title ?? 'deleted line'}`;
  if (r.reference_type === 'ad_share') return ['Automated ads share', titles.hire_podcasts?.[0], r.meta.month].filter(Boolean).join(' · ');
  if (r.kind === 'refund' && r.reference_type === 'transaction') return `Duplicate payment ${String(r.meta.charge_code ?? '')}`.trim();
  const shows = titles.hire_podcasts?.length ? titles.hire_podcasts : titles.podcast_title ? [titles.podcast_title] : [];
  if (r.kind === 'release') return `Hire · ${titles.campaign_title ?? 'a campaign'}`;
  if (shows.length) return `${shows.length > 1 ? 'Hires' : 'Hire'} · ${list(shows)}`;
  return titles.campaign_title ?? '';
}

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
    paid_for: paidFor(r, titles),
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
    .select({
      row: transactions,
      campaign_title: campaigns.title,
      podcast_title: podcasts.title,
      line_title: sql<
        string | null
      >`(select lt.title from ${adLines} lt where ${transactions.reference_type} = 'ad_line' and lt.id = ${transactions.reference_id})`,
      // The shows a payment funded (one charge may fund hires of several shows), or a hosted show's share.
      hire_podcasts: sql<string[] | null>`coalesce(
        (select array_agg(distinct hp.title order by hp.title) from ${jobFunds} hf
          inner join ${hirings} hh on hh.id = hf.hiring_id inner join ${podcasts} hp on hp.id = hh.podcast_id
          where ${transactions.kind} = 'charge' and hf.charge_id = ${transactions.id}),
        (select array[sp.title] from ${podcasts} sp where ${transactions.reference_type} = 'ad_share' and sp.id = ${transactions.reference_id}))`,
      total: sql<number>`count(*) over ()`,
      cursor_key: order.key,
    })
    .from(transactions)
    .leftJoin(campaigns, eq(campaigns.id, transactions.campaign_id))
    .leftJoin(hirings, eq(hirings.id, transactions.hiring_id))
    .leftJoin(podcasts, eq(podcasts.id, hirings.podcast_id))
    .where(where)
    .orderBy(...order.orderBy)
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
  const after = order.after(query.cursor);
  if (after) {
    // A cursor page: the rows after it (keyset), the filter's total beside them.
    const read = order.page(await readTitled(and(where, after), query.per_page + 1, 0), query.per_page);
    const all = Number((await db.select({ n: count() }).from(transactions).where(where))[0]?.n ?? 0);
    const result = paginate(
      read.rows.map((r) => payload(r.row, r)),
      all,
      query.page,
      query.per_page,
      path,
      { per_page: String(query.per_page), ...(query.kind ? { kind: query.kind } : {}) },
    );
    result.meta.next_cursor = read.next_cursor;
    return result;
  }
  let page = query.page;
  let rows = await readTitled(where, query.per_page + 1, (page - 1) * query.per_page);
  let total = await windowTotal(rows, page, async () => Number((await db.select({ n: count() }).from(transactions).where(where))[0]?.n ?? 0));
  const lastPage = Math.max(1, Math.ceil(total / query.per_page));
  if (page > lastPage) {
    page = lastPage;
    rows = total ? await readTitled(where, query.per_page + 1, (page - 1) * query.per_page) : [];
    total = rows.length ? Number(rows[0]!.total) : total;
  }
  const read = order.page(rows, query.per_page);
  const extra: Record<string, string> = { per_page: String(query.per_page), ...(query.kind ? { kind: query.kind } : {}) };
  const result = paginate(
    read.rows.map((r) => payload(r.row, r)),
    total,
    page,
    query.per_page,
    path,
    extra,
  );
  result.meta.next_cursor = read.next_cursor;
  return result;
}

/** One of the user's transactions by its code (a receipt), or a 404. */
export async function findOwnTransaction(userId: number, code: string): Promise<TransactionPayload> {
  const [found] = await readTitled(and(eq(transactions.user_id, userId), eq(transactions.code, code)), 1, 0);
  if (!found) throw notFound();
  return payload(found.row, found);
}
